import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// Save to Folder: asks for a folder with the desktop's chooser (GtkFileChooserNative: the
/// portal's in a sandbox, GTK's own otherwise), then saves the originals there
/// (`PictureSaving`), telling how far it has come, until done or cancelled.
@MainActor
final class SaveToFolder {
    private let parent: UnsafeMutablePointer<GtkWidget>
    private let pictures: [PictureSaving.Picture]
    private let bytes: PictureSaving.Bytes
    private var chooser: OpaquePointer?
    private var task: Task<Void, Never>?
    /// Progress reported after the end (it hops to the main actor on its own) is dropped.
    private var finished = false
    /// Saved or failed so far, of all.
    var onProgress: (@MainActor (_ done: Int, _ total: Int) -> Void)?
    /// The end: what happened, and the folder (nil: the person closed the chooser).
    var onFinish: (@MainActor (PictureSaving.Report?, URL?) -> Void)?

    init(parent: UnsafeMutablePointer<GtkWidget>, pictures: [PictureSaving.Picture], bytes: @escaping PictureSaving.Bytes) {
        self.parent = parent
        self.pictures = pictures
        self.bytes = bytes
    }

    /// Asks for the folder; `folder` given (tests, a second run) skips the question.
    func run(into folder: URL? = nil) {
        if let folder { return save(into: folder) }
        let chooser = gtk_file_chooser_native_new(
            L10n.tr("Save to Folder"), parent.cast(), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, L10n.tr("_Save"), L10n.tr("_Cancel"))!
        gtk_native_dialog_set_modal(chooser.cast(), 1)
        self.chooser = chooser
        Signal.connect(chooser, .response) { [weak self] response in self?.responded(response) }
        gtk_native_dialog_show(chooser.cast())
    }

    /// Stops at once; what is written stays, nothing is half written.
    func cancel() {
        task?.cancel()
    }

    private func responded(_ response: Int32) {
        guard let chooser else { return }
        defer {
            gtk_native_dialog_destroy(chooser.cast())
            g_object_unref(chooser.rawPointer)
            self.chooser = nil
        }
        guard response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.opaque) else {
            onFinish?(nil, nil)
            return
        }
        let path = g_file_get_path(file)
        g_object_unref(file.rawPointer)
        guard let path else {
            onFinish?(PictureSaving.Report(failed: pictures.map { ($0, .notWritable) }), nil)
            return
        }
        let folder = URL(fileURLWithPath: String(cString: path), isDirectory: true)
        g_free(path)
        save(into: folder)
    }

    private func save(into folder: URL) {
        let saving = PictureSaving(folder: folder, bytes: bytes)
        let pictures = self.pictures, total = pictures.count
        onProgress?(0, total)
        task = Task { @MainActor [weak self] in
            let report = await saving.run(pictures) { done in
                Task { @MainActor in
                    guard let self, !self.finished else { return }
                    self.onProgress?(done, total)
                }
            }
            PerformanceTrace.shared.record(.picturesSaved, "\(report.saved.count) \(report.failed.count) \(report.notTried)")
            self?.finished = true
            self?.onFinish?(report, folder)
        }
    }
}
