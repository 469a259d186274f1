import Foundation
import GalleryTestSupport
import XCTest
@testable import GalleryCore

/// The list keeps each link as its address and makes the `URL` when a tile or a menu needs it,
/// so the classifier's byte checks must agree with Foundation's strict parser. Checked on lines
/// made at random from every printable ASCII byte, escapes good and bad, non-ASCII letters, and
/// the hosts people write (upper case, IDN, IPv6, user info, ports).
final class LinkAddressTests: XCTestCase {
    private static let lineCount = 60_000

    func testFoundationReadsEveryAddressBackUnchanged() {
        var generator = SplitMix64(seed: 24)
        var links = 0
        for _ in 0..<Self.lineCount {
            let line = Self.randomLine(&generator)
            guard let address = LinkClassifier.classify(line).address else { continue }
            links += 1
            let url = URL(string: address.text, encodingInvalidCharacters: false)
            XCTAssertEqual(url?.absoluteString, address.text, "from \(line)")
            XCTAssertEqual(address.url, url, "from \(line)")
        }
        XCTAssertGreaterThan(links, Self.lineCount / 4, "the generator makes links, not only rubbish")
    }

    /// A line Foundation reads as it is, with nothing the classifier writes differently (scheme
    /// and host in lower case, no empty port), is its own address: no byte of a link that works
    /// is changed. Where the classifier is stricter than Foundation, the line is left out here:
    /// hosts that are not plain DNS names (`example.com,`; escapes are read as IDNA) and ports
    /// over 65535 are refused.
    func testALinkFoundationReadsAsTypedIsKeptByteForByte() {
        var generator = SplitMix64(seed: 2024)
        var asTyped = 0
        for _ in 0..<Self.lineCount {
            let line = Self.randomLine(&generator)
            guard let url = URL(string: line, encodingInvalidCharacters: false), let host = url.host(percentEncoded: true),
                  let scheme = url.scheme, ["http", "https"].contains(scheme), line.hasPrefix(scheme + "://"),
                  Self.isPlainLowercaseHostName(host), !Self.hasEmptyPort(line), url.port ?? 0 <= 65535 else { continue }
            asTyped += 1
            XCTAssertEqual(LinkClassifier.classify(line).address?.text, line)
        }
        XCTAssertGreaterThan(asTyped, Self.lineCount / 20, "the generator makes links Foundation reads as they are")
    }

    private static func hasEmptyPort(_ line: String) -> Bool {
        let afterScheme = line[line.range(of: "://")!.upperBound...]
        return afterScheme.prefix { !"/?#".contains($0) }.hasSuffix(":")
    }

    private static func isPlainLowercaseHostName(_ host: String) -> Bool {
        host.contains { $0 != "." } && host.unicodeScalars.allSatisfy { "abcdefghijklmnopqrstuvwxyz0123456789-._".unicodeScalars.contains($0) }
    }

    func testAnAddressIsItsLinkWithoutMakingAURL() {
        let line = "https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9GcQx_7Kd&usqp=CAU"
        guard case .link(let address, guess: .unknown) = LinkClassifier.classify(line) else {
            return XCTFail("\(line) is a link")
        }
        XCTAssertEqual(address.text, line)
        XCTAssertEqual(address.url.host, "encrypted-tbn0.gstatic.com")
        XCTAssertEqual(address.url.query, "q=tbn:ANd9GcQx_7Kd&usqp=CAU")
        XCTAssertEqual(LinkClassifier.classify("HTTPS://Пример.рф/кот.jpg").address?.text,
                       "https://xn--e1afmkfd.xn--p1ai/%D0%BA%D0%BE%D1%82.jpg")
    }

    // MARK: Lines at random

    private static let hosts = [
        "example.com", "a.example", "encrypted-tbn0.gstatic.com", "Example.COM", "under_score.example", "xn--e1afmkfd.xn--p1ai",
        "пример.рф", "127.0.0.1", "[::1]", "[2001:db8::7]", "[fe80::1%25eth0]", "user:pass@example.com", "us%20er@example.com",
        "example.com:8080", "example.com:", "EXAMPLE.com:65535", "a@b@example.com", "ex ample.com", "exa%41mple.com", "...", "",
    ]

    /// What links are made of, every sub-delimiter and escape included.
    private static let pieces = [
        "/", "/", "/cat", "/a-b_c", "/img.jpg", ".PNG", "?q=tbn:x", "&n=1", "?", "#", "%41", ";x=1", "&", "=", "@", ":",
        "~", "'", "(", ")", "*", "+", ",", "!", "$", "-", "_", ".", "//",
    ]

    /// What people paste that a URL may not hold as it is.
    private static let typos = ["%", "%zz", "%4", "ü", "猫", " ", "[", "]", "{", "|", "\\", "^", "`", "\"", "<", ">"]

    private static func randomLine(_ generator: inout SplitMix64) -> String {
        let scheme = ["http", "https", "HTTP", "Https"][Int(generator.next() % 4)]
        var line = scheme + "://" + hosts[Int(generator.next() % UInt64(hosts.count))]
        for _ in 0..<Int(generator.next() % 8) {
            switch generator.next() % 20 {
            case 0: line.unicodeScalars.append(Unicode.Scalar(UInt8(0x21 + generator.next() % 94)))
            case 1...2: line += typos[Int(generator.next() % UInt64(typos.count))]
            default: line += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
        }
        return line
    }
}
