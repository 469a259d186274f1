import Foundation

/// Guesses from the last path segment's extension whether a link serves an image. The query is
/// ignored on purpose: `page.html?img=cat.jpg` is a page, `images?q=tbn:…` says nothing.
enum LinkExtensionGuesser {
    static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "pjpeg", "pjp", "png", "apng", "gif", "webp", "bmp", "ico", "cur",
        "tif", "tiff", "svg", "svgz", "avif", "heic", "heif",
    ]

    static let nonImageExtensions: Set<String> = [
        "html", "htm", "xhtml", "shtml", "php", "asp", "aspx", "jsp", "cgi", "txt", "md", "csv", "pdf",
        "zip", "rar", "7z", "gz", "tgz", "tar", "bz2", "xz", "json", "xml", "rss", "atom", "js", "mjs",
        "css", "mp4", "m4v", "webm", "mkv", "avi", "mov", "wmv", "flv", "mp3", "m4a", "ogg", "oga", "wav",
        "flac", "aac", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "exe", "dmg",
        "apk", "iso", "woff", "woff2", "ttf", "otf", "eot",
    ]

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
        // Plain ASCII, most links: the extension is lower-cased byte by byte. Every known
        // extension fits a small (unallocated) string.
        guard let dot = segment.lastIndex(ofByte: ASCII.dot), dot != 0 else { return .unknown }
        let fileExtension = String(unsafeUninitializedCapacity: segment.count - dot - 1) { buffer in
            _ = buffer.initialize(from: segment[(dot + 1)...].lazy.map(ASCII.lowercased))
            return segment.count - dot - 1
        }
        return guess(forExtension: fileExtension)
    }

    /// Escapes decoded, as the name would be saved; undecodable escapes are kept as they are.
    private static func decodedName(_ segment: UnsafeBufferPointer<UInt8>) -> String {
        let name = String(decoding: segment, as: UTF8.self)
        guard name.contains("%") else { return name }
        return name.removingPercentEncoding ?? name
    }

    private static func guess(forName name: String) -> LinkGuess {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .unknown }
        return guess(forExtension: name[name.index(after: dot)...].lowercased())
    }

    private static func guess(forExtension fileExtension: String) -> LinkGuess {
        if imageExtensions.contains(fileExtension) { return .image }
        if nonImageExtensions.contains(fileExtension) { return .notImage }
        return .unknown
    }
}
