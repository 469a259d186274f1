import CGtk
import Foundation
import GalleryCore

/// Save to Folder… of the selection: the folder chooser, the progress bar while it runs, and the
/// one message at the end with Open Folder.
extension GalleryWindow {
    /// The progress bar under the grid, made for the first save.
    private var saveProgress: SaveProgress {
        if let builtSaveProgress { return builtSaveProgress }
        let progress = SaveProgress(cancelAction: .cancelSaving)
        builtSaveProgress = progress
        gtk_box_insert_child_after(content.cast(), progress.widget, stack)
        return progress
    }

    /// Save to Folder…: the selected pictures' originals, as downloaded, into a folder the
    /// person chooses; `folder` given skips the question (tests). While duplicates are hidden, a
    /// tile stands for every line of its picture, which is saved once, as its largest copy
    /// (`TileList.largestCopy`); otherwise each tile a person picked is saved.
    func saveSelection(into folder: URL? = nil) {
        guard saving == nil else { return }
        var saved = Set<ObjectIdentifier>()
        let chosen = grid.selectedItems.filter(\.isImageLink)
        let pictures = (grid.hidesDuplicates ? chosen.map(grid.list.largestCopy) : chosen).filter { saved.insert(ObjectIdentifier($0)).inserted }
            .compactMap { item in item.url.map { PictureSaving.Picture(url: $0, title: ViewerItem.readableName(for: $0)) } }
        guard !pictures.isEmpty else { return }
        let images = services.images
        let saving = SaveToFolder(parent: window, pictures: pictures) { url in
            try await images.originalFile(for: url, priority: .interactive)
        }
        saving.onProgress = { [weak self] done, total in self?.saveProgress.show(done: done, of: total) }
        saving.onFinish = { [weak self] report, folder in self?.savingFinished(report, folder: folder) }
        self.saving = saving
        selectionChanged()
        saving.run(into: folder)
    }

    private func savingFinished(_ report: PictureSaving.Report?, folder: URL?) {
        saving = nil
        saveProgress.hide()
        selectionChanged()
        guard let report else { return }
        let name = folder?.lastPathComponent ?? ""
        let message = ErrorMessages.saveReport(report, folderName: name)
        guard let folder, !report.saved.isEmpty else { return banner.show(message) }
        banner.show(message, buttonLabel: L10n.tr("Open Folder")) { [weak self] in
            self?.banner.hide()
            do {
                try LinkSharing.openFolder(folder) { [weak self] failure in self?.banner.show(ErrorMessages.explanation(for: failure)) }
            } catch let failure as LinkSharing.Failure {
                self?.banner.show(ErrorMessages.explanation(for: failure))
            } catch {}
        }
    }
}
