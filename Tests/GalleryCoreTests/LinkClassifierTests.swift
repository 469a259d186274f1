import Foundation
import XCTest
@testable import GalleryCore

final class LinkClassifierTests: XCTestCase {
    private func url(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> URL? {
        guard case .link(let address, _) = LinkClassifier.classify(text) else {
            XCTFail("\(text) should be a link", file: file, line: line)
            return nil
        }
        return address.url
    }

    private func guess(_ text: String) -> LinkGuess? {
        if case .link(_, let guess) = LinkClassifier.classify(text) { return guess }
        return nil
    }

    func testHTTPAndHTTPSInAnyCaseAreLinks() {
        XCTAssertEqual(url("http://example.com/a.png")?.absoluteString, "http://example.com/a.png")
        XCTAssertEqual(url("https://example.com")?.host, "example.com")
        XCTAssertEqual(url("HTTP://Example.com/A.png")?.scheme, "http")
        XCTAssertEqual(url("HtTpS://example.com/")?.scheme, "https")
    }

    func testOtherSchemesAreInvalid() {
        XCTAssertEqual(LinkClassifier.classify("ftp://example.com/a.jpg"), .invalid(reason: .unsupportedScheme("ftp")))
        XCTAssertEqual(LinkClassifier.classify("file:///etc/passwd"), .invalid(reason: .unsupportedScheme("file")))
        XCTAssertEqual(LinkClassifier.classify("javascript:alert(1)"), .invalid(reason: .unsupportedScheme("javascript")))
        XCTAssertEqual(LinkClassifier.classify("data:image/png;base64,iVBORw0KGgo="), .invalid(reason: .unsupportedScheme("data")))
        XCTAssertEqual(LinkClassifier.classify("mailto:someone@example.com"), .invalid(reason: .unsupportedScheme("mailto")))
        XCTAssertEqual(LinkClassifier.classify("JavaScript:alert(1)"), .invalid(reason: .unsupportedScheme("javascript")))
    }

    func testRelativePathsAndWordsAreNotURLs() {
        for text in ["images/cat.jpg", "/images/cat.jpg", "cat", "hello world", "www.example.com/cat.jpg",
                     "://example.com", "", "12:30 lunch", "//example.com/cat.jpg"] {
            XCTAssertEqual(LinkClassifier.classify(text), .invalid(reason: .notAURL), text)
        }
    }

    func testMissingHostIsInvalid() {
        for text in ["http://", "https:///cat.jpg", "http:example.com/cat.jpg", "http://:80/", "https://user@/x", "http://?q=1"] {
            XCTAssertEqual(LinkClassifier.classify(text), .invalid(reason: .missingHost), text)
        }
    }

    func testBadPortsAreMalformed() {
        XCTAssertEqual(LinkClassifier.classify("http://example.com:99999/"), .invalid(reason: .malformed))
        XCTAssertEqual(LinkClassifier.classify("http://example.com:8o/"), .invalid(reason: .malformed))
        XCTAssertEqual(url("http://example.com:8080/a.png")?.port, 8080)
    }

    func testQueryStringsAndFragmentsSurvive() {
        let google = "https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9GcQx_7Kd-1aB2cD3eF4gH5iJ6kL7mN8oP9qR0s&usqp=CAU"
        XCTAssertEqual(url(google)?.absoluteString, google)
        XCTAssertEqual(url(google)?.query, "q=tbn:ANd9GcQx_7Kd-1aB2cD3eF4gH5iJ6kL7mN8oP9qR0s&usqp=CAU")
        XCTAssertEqual(guess(google), .unknown)
        let withFragment = url("https://example.com/gallery/cat.png?size=large#top")
        XCTAssertEqual(withFragment?.fragment, "top")
        XCTAssertEqual(withFragment?.path, "/gallery/cat.png")
    }

    func testSpacesAndStrayPercentSignsAreEncodedButEscapesKept() {
        XCTAssertEqual(url("https://example.com/my cat.jpg")?.absoluteString, "https://example.com/my%20cat.jpg")
        XCTAssertEqual(url("https://example.com/a%20b.jpg")?.absoluteString, "https://example.com/a%20b.jpg")
        XCTAssertEqual(url("https://example.com/100%.png?x=50%")?.absoluteString, "https://example.com/100%25.png?x=50%25")
        XCTAssertEqual(url("https://example.com/a.png?q=a b#frag#2")?.absoluteString,
                       "https://example.com/a.png?q=a%20b#frag%232")
    }

    func testIDNHostBecomesPunycodeAndPathIsPercentEncoded() {
        let idn = url("https://пример.рф/кот.jpg")
        XCTAssertEqual(idn?.host, "xn--e1afmkfd.xn--p1ai")
        XCTAssertEqual(idn?.absoluteString, "https://xn--e1afmkfd.xn--p1ai/%D0%BA%D0%BE%D1%82.jpg")
        XCTAssertEqual(guess("https://пример.рф/кот.jpg"), .image)
    }

    func testHostsWithForbiddenCharactersAreMalformed() {
        XCTAssertEqual(LinkClassifier.classify("http://exa mple.com/"), .invalid(reason: .malformed))
        XCTAssertEqual(LinkClassifier.classify("http://exa<mple.com/"), .invalid(reason: .malformed))
    }

    func testUserInfoAndIPv6AreAccepted() {
        XCTAssertEqual(url("http://[::1]:8080/a.png")?.port, 8080)
        XCTAssertEqual(url("https://user:pw@example.com/a.png")?.user, "user")
    }

    func testVeryLongURLsAreAccepted() {
        let long = "https://example.com/" + String(repeating: "a", count: 8000) + ".jpg"
        XCTAssertEqual(url(long)?.absoluteString.count, long.count)
        XCTAssertEqual(guess(long), .image)
    }

    func testExtensionGuessesLookAtThePathOnly() {
        for ext in ["jpg", "jpeg", "png", "gif", "webp", "bmp", "ico", "tif", "tiff", "svg", "avif", "heic", "heif", "JPG", "Png"] {
            XCTAssertEqual(guess("https://example.com/dir/photo.\(ext)"), .image, ext)
        }
        for ext in ["html", "htm", "php", "asp", "aspx", "txt", "pdf", "zip", "json", "xml", "js", "css", "mp4", "mp3"] {
            XCTAssertEqual(guess("https://example.com/dir/page.\(ext)"), .notImage, ext)
        }
        XCTAssertEqual(guess("https://example.com/images"), .unknown)
        XCTAssertEqual(guess("https://example.com/"), .unknown)
        XCTAssertEqual(guess("https://example.com"), .unknown)
        XCTAssertEqual(guess("https://example.com/archive.tar.weird"), .unknown)
        XCTAssertEqual(guess("https://example.com/.png"), .unknown, "a dot file has no extension")
        XCTAssertEqual(guess("https://cat.jpg.example.com/"), .unknown, "the host is not the path")
        XCTAssertEqual(guess("https://example.com/view.php?file=cat.jpg"), .notImage)
        XCTAssertEqual(guess("https://example.com/image?name=cat.jpg"), .unknown)
        XCTAssertEqual(guess("https://example.com/cat.jpg?width=200"), .image)
        XCTAssertEqual(guess("https://example.com/cat.jpg#big"), .image)
        XCTAssertEqual(guess("https://example.com/cat.jpg;jsessionid=1"), .image)
    }

    func testSurroundingWhitespaceIsIgnored() {
        XCTAssertEqual(url("  https://example.com/a.png \t")?.absoluteString, "https://example.com/a.png")
    }

    func testAnEmptyPortIsDroppedAndCaseIsLowered() {
        XCTAssertEqual(url("http://example.com:/a.png")?.absoluteString, "http://example.com/a.png")
        XCTAssertEqual(url("http://[::1]:/a.png")?.absoluteString, "http://[::1]/a.png")
        XCTAssertEqual(url("HTTP://Example.COM/A.png")?.absoluteString, "http://example.com/A.png")
        XCTAssertEqual(url("http://User@example.com/")?.absoluteString, "http://User@example.com/")
    }

    /// A line already in normal form is kept as typed, and one that is not is written anew:
    /// both ways give the same URL for the same link.
    func testNormalisedAndUnnormalisedSpellingsGiveTheSameURL() {
        let pairs = [
            ("https://example.com/a%20b.jpg?x=1#top", "https://EXAMPLE.com/a b.jpg?x=1#top"),
            ("https://example.com/100%25.png", "HTTPS://example.com/100%.png"),
            ("http://u:p@example.com:8080/", "http://u:p@Example.com:8080/"),
            ("https://example.com/a.png#frag%232", "https://example.com/a.png#frag#2"),
        ]
        for (normal, typed) in pairs {
            XCTAssertEqual(url(normal)?.absoluteString, normal)
            XCTAssertEqual(url(typed), url(normal), typed)
        }
    }

    /// Lines are split at code points, as RFC 3986 and browsers do: a combining mark after a
    /// slash does not hide the slash (a `Character` view would see one cluster).
    func testDelimitersFollowedByCombiningMarksStillSplit() {
        let combined = url("https://example.com/\u{301}cat.jpg")
        XCTAssertEqual(combined?.host, "example.com")
        XCTAssertEqual(combined?.absoluteString, "https://example.com/%CC%81cat.jpg")
        XCTAssertEqual(guess("https://example.com/\u{301}cat.jpg"), .image)
        XCTAssertEqual(LinkClassifier.classify("http:\u{301}//example.com/"), .invalid(reason: .missingHost))
    }
}
