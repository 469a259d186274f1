import CGtk
import CShims
import Foundation
import GObjectSupport

/// A loading tile's news, asked a few times a second: how far its original's download has come,
/// and whether it waits for its host's turn.
extension TileView {
    /// The ring, while the original downloads with a declared size; the spinner otherwise (a
    /// decode, a server that did not say). Asked again a few times a second.
    func showProgress() {
        guard let item, item.state == .loading, let url = item.url else { return }
        showWaiting(for: waitingHostOf?(url), item: item)
        if let fraction = progressOf?(url)?.fraction {
            spinner.map { gtk_spinner_stop($0.opaque); gtk_widget_set_visible($0, 0) }
            ensureRing().show(fraction: fraction)
        } else if ring?.isShown == true {
            ring?.hide()
            spinner.map { gtk_widget_set_visible($0, 1); gtk_spinner_start($0.opaque) }
        }
        progressTimer.after(milliseconds: timing.progressTickMilliseconds) { [weak self] in self?.showProgress() }
    }

    /// "Waiting for example.com" over the spinner while the host asked to be left alone, and
    /// in the name a screen reader says; gone once the download goes on.
    private func showWaiting(for host: String?, item: GridItem) {
        guard let host else {
            if message.map({ gtk_widget_get_visible($0.widget) != 0 }) == true {
                message?.hide()
                spinner.map { gtk_widget_set_visible($0, 1); gtk_spinner_start($0.opaque) }
                shim_accessible_set_label(child.opaque, item.accessibleName)
            }
            return
        }
        // The words in the spinner's place: nothing is being fetched while it waits.
        spinner.map { gtk_spinner_stop($0.opaque); gtk_widget_set_visible($0, 0) }
        let words = L10n.format("Waiting for %1$s", host)
        ensureMessage().show(icon: "content-loading-symbolic", title: words, detail: nil, retry: false)
        shim_accessible_set_label(child.opaque, L10n.format("Image %1$s (%2$s)", item.entry.text, words))
    }
}
