import CGtk
import Foundation
import GalleryCore

/// The properties panel follows the page: what is known at once (address, server, size), then
/// what the original's file says once it is read (`OriginalImageSource.details`).
extension ViewerWindow {
    func toggleProperties() {
        properties.setShown(!properties.isShown)
        for button in propertiesButtons { gtk_toggle_button_set_active(button.cast(), properties.isShown ? 1 : 0) }
        refreshProperties()
    }

    func refreshProperties() {
        detailsLoad?.cancel()
        guard properties.isShown, let item = currentItem else { return }
        let index = paging.index, url = item.url
        properties.show(PropertyRows.sections(url: url, image: store.image(at: index), details: detailsRead[url], turn: canvas.turn,
                                              otherLinks: item.otherLinks))
        // The file is read once it is here, and once.
        guard store.image(at: index) != nil, detailsRead[url] == nil else { return }
        let source = store.source
        detailsLoad = Task { @MainActor [weak self] in
            let details = await source.details(for: url)
            guard let self, !Task.isCancelled, self.paging.index == index else { return }
            self.detailsRead[url] = details
            self.properties.show(PropertyRows.sections(url: url, image: self.store.image(at: index), details: details,
                                                       turn: self.canvas.turn, otherLinks: item.otherLinks))
            PerformanceTrace.shared.record(.viewerPropertiesShown, String(index))
        }
    }

    /// A `geo:` address for the desktop's maps app, else OpenStreetMap in the browser.
    func openPlace(latitude: Double, longitude: Double) {
        let point = String(format: "%.6f,%.6f", latitude, longitude)
        if let maps = g_app_info_get_default_for_uri_scheme("geo") {
            g_object_unref(UnsafeMutableRawPointer(maps))
            if g_app_info_launch_default_for_uri("geo:" + point, nil, nil) != 0 { return }
        }
        let web = String(format: "https://www.openstreetmap.org/?mlat=%.6f&mlon=%.6f#map=16/%.6f/%.6f",
                         latitude, longitude, latitude, longitude)
        guard let url = URL(string: web) else { return }
        do {
            try LinkSharing.openInBrowser(url) { [weak self] failure in self?.status.showBanner(ErrorMessages.explanation(for: failure)) }
        } catch {
            status.showBanner(String(describing: error))
        }
    }

    /// The properties beside the picture, or, narrow and upright (a phone held so), a sheet in
    /// the window's lower half; beside it again held sideways, where the width is to spare.
    func placeProperties() {
        let width = Int(gtk_widget_get_width(window)), height = Int(gtk_widget_get_height(window))
        properties.place(asSheet: narrow.isNarrow && height > width)
    }
}
