import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// The Share menu. Failures show in the window's banner, not only in a log nobody reads.
extension ViewerWindow {
    func openInBrowser() {
        guard let item = currentItem else { return }
        do {
            try LinkSharing.openInBrowser(item.url) { [weak self] failure in
                self?.status.showBanner(ErrorMessages.explanation(for: failure))
            }
        } catch let failure as LinkSharing.Failure {
            status.showBanner(ErrorMessages.explanation(for: failure))
        } catch {
            status.showBanner(String(describing: error))
        }
    }

    /// The picture on screen as a drag-out offers it: only at best fit (a zoomed one pans).
    /// `file`: the picture as a file (`PictureFileOffer`), when its original is open.
    func pictureToDrag() -> (url: URL, texture: TextureHandle, file: UnsafeMutablePointer<GdkContentProvider>?)? {
        guard canvas.zoom?.canPan != true, let item = currentItem, let image = store.image(at: paging.index) else { return nil }
        return (item.url, shownTexture(image.texture), PictureFileOffer.provider(source: store.source, url: item.url, turn: canvas.turn))
    }

    func copyLink() {
        guard let item = currentItem else { return }
        LinkSharing.copyLink(item.url, display: gtk_widget_get_display(window))
        status.showBanner(L10n.tr("Link copied"))
    }

    /// The picture as a file (its original, or its turned copy: profile and EXIF kept) for
    /// readers that take its type, and the pixels on screen for the rest.
    func copyImage() {
        guard let item = currentItem, let image = store.image(at: paging.index) else { return }
        let file = PictureFileOffer.provider(source: store.source, url: item.url, turn: canvas.turn)
        LinkSharing.copyImage(shownTexture(image.texture), file: file, display: gtk_widget_get_display(window))
        status.showBanner(L10n.tr("Image copied"))
    }

    /// `chooseLocation` nil asks with the file chooser; tests answer with a path instead, and
    /// say with `choosesTurned` which copy a person picks. A turned picture offers a turned
    /// copy (made from the original in a worker: `ImageRepository.turnedCopy`) beside the
    /// original bytes.
    func saveImageAs(chooseLocation: ViewerSaveImage.LocationChooser? = nil, choosesTurned: Bool = false) {
        guard let item = currentItem else { return }
        let source = store.source, url = item.url, turn = canvas.turn
        let turnedCopy: ViewerSaveImage.TurnedCopy? = turn.isNone ? nil : { @Sendable in
            try await source.turnedCopy(for: url, turn: turn, priority: .interactive)
        }
        let dialog = ViewerSaveImage(parent: window, item: item, source: source, turnedCopy: turnedCopy,
                                     chooseLocation: chooseLocation, choosesTurned: choosesTurned) { [weak self] outcome in
            guard let self else { return }
            saveDialog = nil
            switch outcome {
            case .saved(let path): status.showBanner(L10n.format("Saved to %1$s", path))
            case .failed(let reason): status.showBanner(reason)
            case .cancelled: break
            }
        }
        saveDialog = dialog
        dialog.run()
    }

    /// "Print…": the picture as shown, decoded for print (`ViewerPrint`). `exportTo`: a PDF
    /// written without the dialog (tests).
    func printPicture(exportTo path: String? = nil) {
        guard let item = currentItem else { return }
        let source = store.source, url = item.url
        let turn = canvas.turn
        let job = ViewerPrint(parent: window, title: item.title, picture: {
            try await source.original(for: url, fitting: ViewerPrint.printBox, turn: turn, priority: .interactive)
        }) { [weak self] outcome in
            guard let self else { return }
            printJob = nil
            if case .failed(let reason) = outcome { status.showBanner(reason) }
            PerformanceTrace.shared.record(.printed, outcome == .printed ? "printed" : "not printed")
        }
        printJob = job
        job.run(exportTo: path)
    }

    /// "Set as Background…": the original becomes the desktop's background (`DesktopBackground`).
    func setAsBackground() {
        guard let item = currentItem else { return }
        let source = store.source, url = item.url
        let setter = DesktopBackground(title: item.title, bytes: { try await source.originalFile(for: url) }) { [weak self] outcome in
            guard let self else { return }
            background = nil
            switch outcome {
            case .set: status.showBanner(L10n.tr("Set as the desktop background"))
            case .failed(let reason): status.showBanner(reason)
            case .cancelled: break
            }
        }
        background = setter
        setter.run()
    }

    /// "Open With…": the application the person picks opens the original as downloaded.
    func openWith() {
        guard let item = currentItem else { return }
        let source = store.source, url = item.url
        let chooser = OpenWithChooser(parent: window, title: item.title, bytes: { try await source.originalFile(for: url) }) {
            [weak self] outcome in
            guard let self else { return }
            openWithChooser = nil
            switch outcome {
            case .opened(let application): PerformanceTrace.shared.record(.openedWith, application)
            case .failed(let reason): status.showBanner(reason)
            case .cancelled: break
            }
        }
        openWithChooser = chooser
        chooser.run()
    }
}
