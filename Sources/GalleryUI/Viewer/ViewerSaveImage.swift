import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// "Save Image As…": fetches the original bytes (from the disk cache in the app), asks where with
/// GtkFileChooserNative (GTK 4.8 has no GtkFileDialog; the native one goes through the portal in
/// a sandbox) and writes the file atomically, so an interrupted save never leaves half a file.
/// Tests replace only the question (`LocationChooser`); fetching and writing stay the same.
@MainActor
final class ViewerSaveImage {
    enum Outcome: Equatable {
        case saved(String)
        case failed(String)
        case cancelled
    }

    private let parent: UnsafeMutablePointer<GtkWidget>
    private let item: ViewerItem
    private let source: any OriginalImageSource
    /// Asks where to save, given the suggested file name; answers a path, or nil when cancelled.
    typealias LocationChooser = @MainActor (_ suggestedName: String, _ answer: @escaping @MainActor (String?) -> Void) -> Void

    private let completion: @MainActor (Outcome) -> Void
    private let chooseLocation: LocationChooser?
    private var chooser: OpaquePointer?
    private var data: Data?

    /// `chooseLocation` nil: the file chooser dialog.
    init(parent: UnsafeMutablePointer<GtkWidget>, item: ViewerItem, source: any OriginalImageSource,
         chooseLocation: LocationChooser? = nil, completion: @escaping @MainActor (Outcome) -> Void) {
        self.parent = parent
        self.item = item
        self.source = source
        self.chooseLocation = chooseLocation
        self.completion = completion
    }

    func run() {
        let url = item.url
        let source = source
        Task { @MainActor [weak self] in
            do {
                let data = try await source.originalData(for: url)
                self?.ask(with: data)
            } catch let error as ImageLoadError {
                self?.completion(.failed(ErrorMessages.explanation(for: error)))
            } catch {
                self?.completion(.cancelled)
            }
        }
    }

    private func ask(with data: Data) {
        self.data = data
        let suggestedName = Self.suggestedFileName(title: item.title, data: data)
        if let chooseLocation {
            chooseLocation(suggestedName) { [weak self] path in self?.chosen(path) }
            return
        }
        let chooser = gtk_file_chooser_native_new(
            L10n.tr("Save Image"), parent.cast(), GTK_FILE_CHOOSER_ACTION_SAVE, L10n.tr("_Save"), L10n.tr("_Cancel"))!
        gtk_native_dialog_set_modal(chooser.cast(), 1)
        gtk_file_chooser_set_current_name(chooser.opaque, suggestedName)
        self.chooser = chooser
        let box = Unmanaged.passRetained(ResponseBox { [weak self] response in self?.responded(response) }).toOpaque()
        let trampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, response, data in
            let box = Unmanaged<ResponseBox>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(response) }
        }
        g_signal_connect_data(chooser.rawPointer, "response", unsafeBitCast(trampoline, to: GCallback.self), box,
                              { data, _ in if let data { Unmanaged<ResponseBox>.fromOpaque(data).release() } },
                              GConnectFlags(rawValue: 0))
        gtk_native_dialog_show(chooser.cast())
    }

    private final class ResponseBox: @unchecked Sendable { // used on the main thread only
        let handler: @MainActor (Int32) -> Void
        init(_ handler: @escaping @MainActor (Int32) -> Void) { self.handler = handler }
    }

    private func responded(_ response: Int32) {
        guard let chooser else { return }
        defer {
            gtk_native_dialog_destroy(chooser.cast())
            g_object_unref(chooser.rawPointer)
            self.chooser = nil
        }
        guard response == GTK_RESPONSE_ACCEPT.rawValue,
              let file = gtk_file_chooser_get_file(chooser.opaque) else {
            chosen(nil)
            return
        }
        let pathPointer = g_file_get_path(file)
        g_object_unref(file.rawPointer)
        guard let pathPointer else {
            completion(.failed(L10n.tr("This location cannot be written to.")))
            return
        }
        let path = String(cString: pathPointer)
        g_free(pathPointer)
        chosen(path)
    }

    private func chosen(_ path: String?) {
        guard let path else {
            completion(.cancelled)
            return
        }
        guard let data else {
            completion(.failed(L10n.tr("This location cannot be written to.")))
            return
        }
        write(data, to: path)
    }

    /// Writes off the main thread: a large original on a slow disk must not freeze the window.
    private func write(_ data: Data, to path: String) {
        Task { @MainActor [completion] in
            let result = await Task.detached { () -> String? in
                do {
                    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
                    return nil
                } catch {
                    return error.localizedDescription
                }
            }.value
            if let result {
                completion(.failed(L10n.tr("Could not save the image: %s").replacingFirst("%s", with: result)))
            } else {
                completion(.saved(path))
            }
        }
    }

    private nonisolated static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "gif", "webp", "bmp", "ico", "tif", "tiff", "svg", "avif", "heic", "heif",
    ]

    /// The item's name, with the extension the bytes call for when the name has no image
    /// extension (most links end in `?id=…`, and a host name's `.com` is no file type).
    nonisolated static func suggestedFileName(title: String, data: Data) -> String {
        let base = title.replacingOccurrences(of: "/", with: "_")
        if imageExtensions.contains((base as NSString).pathExtension.lowercased()) { return base }
        guard let ext = fileExtension(for: data) else { return base }
        return base + "." + ext
    }

    nonisolated static func fileExtension(for data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts(Array("GIF8".utf8)) { return "gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "webp" }
        if starts(Array("BM".utf8)) { return "bmp" }
        return nil
    }
}
