import Foundation

/// The name a picture is saved under: made from its link's name, safe to create and to read, with
/// the extension its bytes call for. Save Image As… offers it, Save to Folder writes it (numbered
/// when the folder has it already), Open With and Set as Background name their copies with it.
public enum SavedFileName {
    /// The extension written for each format, and the other spellings a name may already have.
    private static let extensions: [ImageFormat: (preferred: String, accepted: Set<String>)] = [
        .jpeg: ("jpg", ["jpg", "jpeg", "jpe", "jfif"]), .png: ("png", ["png"]), .gif: ("gif", ["gif"]),
        .webp: ("webp", ["webp"]), .bmp: ("bmp", ["bmp"]), .ico: ("ico", ["ico"]), .tiff: ("tif", ["tif", "tiff"]),
        .svg: ("svg", ["svg"]), .avif: ("avif", ["avif"]), .heif: ("heic", ["heic", "heif"]), .jxl: ("jxl", ["jxl"]),
        .cr3: ("cr3", ["cr3"]), .crw: ("crw", ["crw"]), .raf: ("raf", ["raf"]), .orf: ("orf", ["orf"]),
        .rw2: ("rw2", ["rw2", "rwl"]), .mrw: ("mrw", ["mrw"]), .x3f: ("x3f", ["x3f"]),
    ]
    private static let imageExtensions = Set(extensions.values.flatMap(\.accepted))
    /// File names longer than 255 bytes cannot be created; the extension and a " (999)" need room.
    private static let maxBaseUTF8Length = 200

    /// The extension a file of `format` is named with ("jpg" for JPEG); nil for a format the
    /// app never names.
    public static func preferredExtension(of format: ImageFormat) -> String? { extensions[format]?.preferred }

    /// `path` with the extension `fileExtension` ("png"), unless it already has a spelling of it
    /// ("photo.jpeg" stays for "jpg"): a turned copy saved as PNG is not called ".heic".
    public static func path(_ path: String, withExtension fileExtension: String) -> String {
        let current = (path as NSString).pathExtension.lowercased()
        let spellings = extensions.values.first { $0.preferred == fileExtension }?.accepted ?? [fileExtension]
        return spellings.contains(current) ? path : (path as NSString).deletingPathExtension + "." + fileExtension
    }

    /// `title` made safe to offer as a file name, with the extension its file's format calls
    /// for (as its download decided it, else sniffed from its bytes here):
    /// no control, format or bidi characters (a U+202E would show `gpj.exe` as `exe.jpg`), no
    /// line breaks, no slashes, no leading dot (a hidden file), and an image extension that
    /// matches the format. A host name's `.com` is no file type: the real one is added.
    public static func suggested(title: String, file: OriginalFile) -> String {
        var base = cleaned(title)
        let format = file.format ?? ContentSniffer.imageFormat(of: file.data.prefix(ContentSniffer.preferredPrefixLength))
        let current = (base as NSString).pathExtension.lowercased()
        if imageExtensions.contains(current) {
            if let format, extensions[format]?.accepted.contains(current) == false {
                base = (base as NSString).deletingPathExtension // a PNG called .jpg gets .png
            } else {
                return base
            }
        }
        if base.isEmpty || base.allSatisfy({ $0 == "." || $0 == " " }) { base = "image" }
        guard let format, let ext = extensions[format]?.preferred else { return base }
        return base + "." + ext
    }

    /// The `number`th name to try for `name` in a folder that has it: "name.jpg", then
    /// "name (2).jpg", "name (3).jpg" — as Files and Firefox number their copies.
    public static func numbered(_ name: String, _ number: Int) -> String {
        guard number > 1 else { return name }
        let ext = (name as NSString).pathExtension
        let base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        return "\(base) (\(number))" + (ext.isEmpty ? "" : "." + ext)
    }

    /// Letters, digits, punctuation and spaces only; anything else (controls, NUL, newlines,
    /// format characters such as the bidi overrides, unassigned code points) is dropped, runs of
    /// spaces become one, and leading dots and spaces go.
    private static func cleaned(_ title: String) -> String {
        var result = ""
        for scalar in title.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
                continue
            case .spaceSeparator:
                if !result.hasSuffix(" ") { result.unicodeScalars.append(" ") }
            default:
                result.unicodeScalars.append(scalar == "/" || scalar == "\\" ? "_" : scalar)
            }
        }
        while let first = result.first, first == "." || first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        while result.utf8.count > maxBaseUTF8Length { result.removeLast() }
        return result
    }
}
