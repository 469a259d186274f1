import CGtk

/// Which gdk-pixbuf loader decodes each format on this machine, found once by MIME type.
///
/// Loaders are plug-ins: HEIF and AVIF come from optional packages (`heif-gdk-pixbuf`,
/// `libavif-gdk-pixbuf`), and their names differ between builds, so asking for a loader by the
/// format's own name said "damaged" for every HEIC photo. A format with no loader here is
/// `ImageLoadError.unsupportedFormat`.
enum PixbufLoaderRegistry {
    /// The loader name for each format that has one. gdk-pixbuf reads its loader list once per
    /// process, so this never changes while the app runs.
    static let loaderNames: [ImageFormat: String] = {
        var byMimeType: [String: String] = [:]
        var list = gdk_pixbuf_get_formats()
        defer { g_slist_free(list) }
        while let node = list {
            let format = OpaquePointer(node.pointee.data)
            if let format, gdk_pixbuf_format_is_disabled(format) == 0, let name = gdk_pixbuf_format_get_name(format) {
                let loader = String(cString: name)
                g_free(name)
                if let types = gdk_pixbuf_format_get_mime_types(format) {
                    var index = 0
                    while let type = types[index] {
                        // The first loader to claim a type wins, as in gdk-pixbuf's own lookup.
                        let key = String(cString: type)
                        if byMimeType[key] == nil { byMimeType[key] = loader }
                        index += 1
                    }
                    g_strfreev(types)
                }
            }
            list = node.pointee.next
        }
        var names: [ImageFormat: String] = [:]
        for format in ImageFormat.allCases {
            if let loader = byMimeType[format.mimeType] { names[format] = loader }
        }
        return names
    }()

    static func loaderName(for format: ImageFormat) -> String? { loaderNames[format] }
}
