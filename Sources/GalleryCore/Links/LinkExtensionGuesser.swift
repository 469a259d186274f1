import Foundation

/// Guesses from the last path segment's extension whether a link serves an image. The query is
/// ignored on purpose: `page.html?img=cat.jpg` is a page, `images?q=tbn:…` says nothing.
enum LinkExtensionGuesser {
    static let imageExtensions: [String] = [
        "jpg", "jpeg", "jpe", "jfif", "pjpeg", "pjp", "png", "apng", "gif", "webp", "bmp", "ico", "cur",
        "tif", "tiff", "svg", "svgz", "avif", "heic", "heif",
    ]

    static let nonImageExtensions: [String] = [
        "html", "htm", "xhtml", "shtml", "php", "asp", "aspx", "jsp", "cgi", "txt", "md", "csv", "pdf",
        "zip", "rar", "7z", "gz", "tgz", "tar", "bz2", "xz", "json", "xml", "rss", "atom", "js", "mjs",
        "css", "mp4", "m4v", "webm", "mkv", "avi", "mov", "wmv", "flv", "mp3", "m4a", "ogg", "oga", "wav",
        "flac", "aac", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "exe", "dmg",
        "apk", "iso", "woff", "woff2", "ttf", "otf", "eot",
    ]

    /// Every known extension is at most eight ASCII bytes, so one lower-cased extension is one
    /// `UInt64` and looking it up is a binary search over integers: no string is made and nothing
    /// is hashed for each of 100,000 links.
    private static let imageKeys = sortedKeys(imageExtensions)
    private static let nonImageKeys = sortedKeys(nonImageExtensions)

    /// `path` is the link's path as typed (before percent-encoding).
    static func guess(forPath path: UnsafeBufferPointer<UInt8>) -> LinkGuess {
        var segment = path.lastIndex(ofByte: ASCII.slash).map { UnsafeBufferPointer(rebasing: path[($0 + 1)...]) } ?? path
        // Matrix parameters (`cat.jpg;jsessionid=…`) are not part of the name.
        if let semicolon = segment.firstIndex(ofByte: ASCII.semicolon) {
            segment = UnsafeBufferPointer(rebasing: segment[..<semicolon])
        }
        guard segment.allSatisfy({ $0 < 0x80 && $0 != ASCII.percent }) else {
            return guess(forName: decodedName(segment))
        }
        guard let dot = segment.lastIndex(ofByte: ASCII.dot), dot != 0 else { return .unknown }
        return guess(forExtension: UnsafeBufferPointer(rebasing: segment[(dot + 1)...]))
    }

    /// Escapes decoded, as the name would be saved; undecodable escapes are kept as they are.
    private static func decodedName(_ segment: UnsafeBufferPointer<UInt8>) -> String {
        let name = String(decoding: segment, as: UTF8.self)
        guard segment.contains(ASCII.percent) else { return name }
        return name.removingPercentEncoding ?? name
    }

    private static func guess(forName name: String) -> LinkGuess {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .unknown }
        // Unicode lower-casing, as a person's name may need (the Kelvin sign is a `k`).
        var fileExtension = name[name.index(after: dot)...].lowercased()
        return fileExtension.withUTF8 { guess(forExtension: $0) }
    }

    private static func guess(forExtension fileExtension: UnsafeBufferPointer<UInt8>) -> LinkGuess {
        guard let key = key(fileExtension) else { return .unknown }
        if contains(imageKeys, key) { return .image }
        if contains(nonImageKeys, key) { return .notImage }
        return .unknown
    }

    /// The extension's bytes, lower-cased, packed into one integer; nil when it cannot be a known
    /// one (longer than eight bytes, or not ASCII: `.JPG` is an image, `.ＪＰＧ` is not).
    private static func key(_ fileExtension: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !fileExtension.isEmpty, fileExtension.count <= 8 else { return nil }
        var key: UInt64 = 0
        for byte in fileExtension {
            guard byte < 0x80 else { return nil }
            key = key << 8 | UInt64(ASCII.lowercased(byte))
        }
        return key
    }

    private static func sortedKeys(_ extensions: [String]) -> [UInt64] {
        extensions.map { name in
            var name = name
            return name.withUTF8 { key($0) }!
        }.sorted()
    }

    private static func contains(_ keys: [UInt64], _ key: UInt64) -> Bool {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key
    }
}
