import CGtk
import Foundation
import GObjectSupport
@testable import GalleryUI

/// Viewer windows as the tests open and close them: presented on the test's GTK application,
/// and destroyed with a moment for GTK to tear them down.
extension ViewerWindow {
    @MainActor
    static func openForTest(_ urls: [URL], at index: Int = 0, source: any OriginalImageSource) -> ViewerWindow {
        let viewer = ViewerWindow(application: GtkTestEnvironment.setUp(), items: urls.map { ViewerItem(url: $0) },
                                  startIndex: index, source: source)
        viewer.present()
        return viewer
    }

    @MainActor
    func closeForTest() {
        gtk_window_destroy(window.cast())
        GtkTestEnvironment.spin(for: 0.05)
    }
}
