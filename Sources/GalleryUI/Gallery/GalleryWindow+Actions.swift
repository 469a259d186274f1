import Foundation
import CGtk
import GObjectSupport

/// The gallery window's actions: one table of names, keys and handlers (the Keyboard Shortcuts
/// window and the README's table are checked against it), and the tile menu's actions, which
/// take the tile's index.
extension GalleryWindow {
    /// The window's actions and their keys (the tile menu's actions below take the tile).
    static let actions: [ActionEntry<GalleryWindow>] = [
        .init(name: GalleryAction.refresh, accelerators: ["F5", "<Control>r"]) { $0.refresh() },
        .init(name: GalleryAction.close, accelerators: ["<Control>w"]) { gtk_window_close($0.window.cast()) },
        // Other lists come in (GalleryWindow+Lists).
        .init(name: GalleryAction.open, accelerators: ["<Control>o"]) { $0.chooseFile() },
        .init(name: GalleryAction.openAddress, accelerators: ["<Control>l"]) { $0.askForAddress() },
        .init(name: GalleryAction.paste, accelerators: ["<Control>v"]) { $0.pasteAddress() },
        .init(name: GalleryAction.forgetRecentLists) { $0.services.recentLists.forgetAll() },
        .init(name: GalleryAction.find, accelerators: ["<Control>f"]) { $0.filterBar.open() },
        // The failed links in one keystroke: the filter opened on "Failed".
        .init(name: GalleryAction.largerThumbnails, accelerators: ["<Control>plus"],
              alternatives: ["<Control>equal", "<Control>KP_Add"]) { $0.changeThumbnailSize(by: 1) },
        .init(name: GalleryAction.smallerThumbnails, accelerators: ["<Control>minus"],
              alternatives: ["<Control>KP_Subtract", "<Control>underscore"]) { $0.changeThumbnailSize(by: -1) },
        .init(name: GalleryAction.findFailed, accelerators: ["<Shift><Control>f"]) { $0.filterBar.open(showing: .failed) },
        .init(name: GalleryAction.hideDuplicates, isToggle: true) { $0.setHidesDuplicates(!$0.grid.hidesDuplicates) },
    ]

    func installActions() {
        ActionTable.install(Self.actions, for: self, on: window, application: application)
        ActionTable.installIndexed(.openTile, on: window) { [weak self] index in
            self?.open(index)
        }
        ActionTable.installIndexed(.slideshowFromTile, on: window) { [weak self] index in
            self?.open(index, slideshow: true)
        }
        ActionTable.installIndexed(.openTileInBrowser, on: window) { [weak self] index in
            self?.openInBrowser(self?.grid.items[safe: index]?.url)
        }
        ActionTable.installIndexed(.openCopyInBrowser, on: window) { [weak self] id in
            self?.openInBrowser(self?.grid.list.all.first { $0.id == id }?.url)
        }
        ActionTable.installIndexed(.copyCopyLink, on: window) { [weak self] id in
            if let url = self?.grid.list.all.first(where: { $0.id == id })?.url { LinkSharing.copyLink(url) }
        }
        ActionTable.installIndexed(.openTileWith, on: window) { [weak self] index in
            guard let self, let item = self.grid.items[safe: index], item.isImageLink, let url = item.url else { return }
            let images = services.images
            let chooser = OpenWithChooser(parent: window, title: ViewerItem(url: url).title,
                                          bytes: { try await images.originalFile(for: url, priority: .interactive) }) {
                [weak self] outcome in
                self?.openWithChooser = nil
                if case .failed(let reason) = outcome { self?.banner.show(reason) }
                if case .opened(let application) = outcome { PerformanceTrace.shared.record(.openedWith, application) }
            }
            openWithChooser = chooser
            chooser.run()
        }
        ActionTable.installIndexed(.tileFailureDetails, on: window) { [weak self] index in
            guard let self, let item = self.grid.items[safe: index] else { return }
            self.showFailureDetails(of: item)
        }
        ActionTable.installIndexed(.copyTileLink, on: window) { [weak self] index in
            guard let self, let url = self.grid.items[safe: index]?.url else { return }
            LinkSharing.copyLink(url)
        }
    }

    /// A line's address in the browser; a failure to start it said in the banner.
    private func openInBrowser(_ url: URL?) {
        guard let url else { return }
        let report: @MainActor (LinkSharing.Failure) -> Void = { [weak self] failure in
            self?.banner.show(ErrorMessages.explanation(for: failure))
        }
        do { try LinkSharing.openInBrowser(url, onFailure: report) } catch let failure as LinkSharing.Failure {
            report(failure)
        } catch {}
    }

    /// One tile per picture, or every line: remembered for the next start.
    func setHidesDuplicates(_ hide: Bool) {
        services.settings.hidesDuplicates = hide
        ActionTable.setState(GalleryAction.hideDuplicates, hide, on: window.opaque)
        grid.hideDuplicates(hide)
        showGridOrNoMatch()
        updateSubtitle()
    }

    /// Larger or smaller cells, remembered for the next start.
    func changeThumbnailSize(by steps: Int) {
        let side = ThumbnailSize.step(from: services.settings.thumbnailSize, by: steps)
        services.settings.thumbnailSize = side
        grid.setCellSide(side)
    }

    /// Opens the viewer on entry `index` (a slideshow from there, when asked); it pages through
    /// the image links only.
    func open(_ index: Int, slideshow: Bool = false) {
        guard let item = grid.items[safe: index], item.isImageLink else { return }
        let images = grid.items.filter(\.isImageLink)
        guard let position = images.firstIndex(where: { $0 === item }) else { return }
        onOpenImage?(images, position, slideshow)
    }
}
