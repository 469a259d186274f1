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
        FileChooser.ask(title: L10n.tr("Save to Folder"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                        accept: L10n.tr("_Save"), parent: parent) { [weak self] answer in self?.answered(answer) }
    }

    /// Stops at once; what is written stays, nothing is half written.
    func cancel() {
        task?.cancel()
    }

    private func answered(_ answer: FileChooser.Answer) {
        switch answer {
        case .cancelled: onFinish?(nil, nil)
        case .notLocal: onFinish?(PictureSaving.Report(failed: pictures.map { ($0, .notWritable) }), nil)
        case .chosen(let path, _): save(into: URL(fileURLWithPath: path, isDirectory: true))
        }
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
