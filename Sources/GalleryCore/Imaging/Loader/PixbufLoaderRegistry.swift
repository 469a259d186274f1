import CGtk

/// Which gdk-pixbuf loader decodes each format on this machine, found once by MIME type.
///
/// Loaders are plug-ins: HEIF and AVIF come from optional packages (`heif-gdk-pixbuf`,
/// `libavif-gdk-pixbuf`), and their names differ between builds, so asking for a loader by the
/// format's own name said "damaged" for every HEIC photo. A format with no loader here is
/// `LoadError.unsupportedFormat`.
///
/// A format may have several loaders, and each is kept, in gdk-pixbuf's order: Debian 12's AVIF
/// loader from libavif 0.11 refuses every AVIF with an alpha plane or a crop (`clap`) — "BMFF
/// parsing failed" — which libheif's loader decodes, so a picture one loader cannot read is
/// given to the next (`PixbufLoading`).
enum PixbufLoaderRegistry {
    /// The loader names for each format that has one, first choice first. gdk-pixbuf reads its
    /// loader list once per process, so this never changes while the app runs.
    static let loaderNames: [ImageFormat: [String]] = {
        var byMimeType: [String: [String]] = [:]
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
                        // The first loader to claim a type comes first, as in gdk-pixbuf's own lookup.
                        let key = String(cString: type)
                        if byMimeType[key]?.contains(loader) != true { byMimeType[key, default: []].append(loader) }
                        index += 1
                    }
                    g_strfreev(types)
                }
            }
            list = node.pointee.next
        }
        var names: [ImageFormat: [String]] = [:]
        for format in ImageFormat.allCases {
            if let loader = byMimeType[format.mimeType] { names[format] = loader }
        }
        return names
    }()

    /// The loaders that may read `format`, first choice first; empty when none is installed.
    static func loaders(for format: ImageFormat) -> [String] { loaderNames[format] ?? [] }

    /// Loads every loader's module now (gdk-pixbuf opens one the first time its format is
    /// decoded): a worker that may open no file once it is ready (`DecoderProtection.filterOnly`)
    /// has them all already.
    static func loadEveryLoader() {
        for name in Set(loaderNames.values.joined()) {
            guard let loader = gdk_pixbuf_loader_new_with_type(name, nil) else { continue }
            gdk_pixbuf_loader_close(loader, nil)
            g_object_unref(loader)
        }
    }
}
