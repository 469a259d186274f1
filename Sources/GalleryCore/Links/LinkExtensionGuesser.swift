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

    static func guess(forPath path: Substring) -> LinkGuess {
        var segment = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path
        // Matrix parameters (`cat.jpg;jsessionid=…`) are not part of the name.
        if let semicolon = segment.firstIndex(of: ";") { segment = segment[..<semicolon] }
        let name = String(segment).removingPercentEncodingIfPossible
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .unknown }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        if imageExtensions.contains(fileExtension) { return .image }
        if nonImageExtensions.contains(fileExtension) { return .notImage }
        return .unknown
    }
}

private extension String {
    var removingPercentEncodingIfPossible: String {
        guard contains("%") else { return self }
        return removingPercentEncoding ?? self
    }
}
