import Foundation
import GalleryTestSupport

/// Generated links files with the mix the real one has: mostly extensionless search-thumbnail
/// URLs with query strings, some `.jpg` photo links, a few HTML pages, plain text, blank lines,
/// and the odd non-ASCII link. Seeded, so every run parses the same bytes.
enum LinksFileGenerator {
    static func make(lines: Int) -> Data {
        var random = SplitMix64(seed: UInt64(lines))
        var text = ""
        text.reserveCapacity(lines * 100)
        for number in 0..<lines {
            text += line(number, using: &random)
            text += "\n"
        }
        return Data(text.utf8)
    }

    /// The mix, in percent: 60 thumbnail URLs, 20 photo links, 5 HTML pages, 5 plain text,
    /// 5 blank, 3 other images, 2 non-ASCII (IDN host, spaces in the path).
    private static func line(_ number: Int, using random: inout SplitMix64) -> String {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<60:
            let suffix = Bool.random(using: &random) ? "&usqp=CAU" : "&s"
            return "https://encrypted-tbn\(roll % 4).gstatic.com/images?q=tbn:ANd9Gc\(token(42, &random))\(suffix)"
        case 60..<80:
            let host = ["upload.wikimedia.org", "images.example.com", "cdn.photos.example.net"][roll % 3]
            return "https://\(host)/photos/2024/\(token(8, &random))/IMG_\(1000 + number).jpg"
        case 80..<85:
            return "https://www.example.org/articles/\(number)/\(token(12, &random)).html"
        case 85..<90:
            return "Holiday pictures, part \(number) — from the trip"
        case 90..<95:
            return roll.isMultiple(of: 2) ? "" : "   "
        case 95..<98:
            let ext = ["png", "gif", "webp"][roll % 3]
            return "http://static.example.com/\(token(10, &random)).\(ext)?w=800"
        default:
            return "https://bücher.example/bild \(number).jpg"
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    private static func token(_ length: Int, _ random: inout SplitMix64) -> String {
        String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
}
