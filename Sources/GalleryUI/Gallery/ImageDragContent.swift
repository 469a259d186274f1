import CGtk
import Foundation
import GalleryCore

/// What a picture dragged out of the app offers: its address as `text/uri-list` (a browser or
/// a file manager takes that) and as text, and the picture itself as a texture (GTK serializes
/// it to PNG, TIFF… for an image editor).
@MainActor
enum ImageDragContent {
    /// Transfer full: GTK's `prepare` handler returns it.
    /// Several pictures (a selection) offer their addresses, one per line, and no picture.
    /// `file` (transfer full): the picture as a file, offered before its pixels.
    static func provider(
        url: URL, texture: TextureHandle?, file: UnsafeMutablePointer<GdkContentProvider>? = nil
    ) -> UnsafeMutablePointer<GdkContentProvider> {
        provider(urls: [url], texture: texture, file: file)
    }

    static func provider(
        urls: [URL], texture: TextureHandle?, file: UnsafeMutablePointer<GdkContentProvider>? = nil
    ) -> UnsafeMutablePointer<GdkContentProvider> {
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = []
        let uriList = Array(urls.map { $0.absoluteString + "\r\n" }.joined().utf8)
        let bytes = uriList.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        providers.append(gdk_content_provider_new_for_bytes("text/uri-list", bytes))
        g_bytes_unref(bytes)
        var text = GValue()
        g_value_init(&text, g_type_from_name("gchararray"))
        g_value_set_string(&text, urls.map(\.absoluteString).joined(separator: "\n"))
        providers.append(gdk_content_provider_new_for_value(&text))
        g_value_unset(&text)
        if let file { providers.append(file) }
        if let texture, urls.count == 1 {
            var picture = GValue()
            g_value_init(&picture, gdk_texture_get_type())
            g_value_set_object(&picture, UnsafeMutableRawPointer(texture.texture))
            providers.append(gdk_content_provider_new_for_value(&picture))
            g_value_unset(&picture)
        }
        return gdk_content_provider_new_union(&providers, gsize(providers.count))!
    }

    /// Only a mouse or a pen drags pictures out: a finger's drag scrolls the grid or turns the page.
    static func isTouch(_ controller: OpaquePointer) -> Bool {
        guard let device = gtk_event_controller_get_current_event_device(controller) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }
}
