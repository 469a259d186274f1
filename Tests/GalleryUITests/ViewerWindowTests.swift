import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

final class ViewerWindowTests: ImageFolderTestCase {
    private var urls: [URL] = []

    override func setUp() {
        super.setUp()
        urls = (1...5).map { FolderImageSource.link(for: try! images.png("photo-\($0).png", width: 400 + $0 * 40, height: 300)) }
    }

    @MainActor
    private static func openViewer(at index: Int, source: FolderImageSource, urls: [URL]) -> ViewerWindow {
        let app = GtkTestEnvironment.setUp()
        let items = urls.map { ViewerItem(url: $0) }
        let viewer = ViewerWindow(application: app, items: items, startIndex: index, source: source)
        viewer.present()
        return viewer
    }

    @MainActor
    private static func close(_ viewer: ViewerWindow) {
        gtk_window_destroy(viewer.window.cast())
        GtkTestEnvironment.spin(for: 0.05)
    }

    func testTitleCountsPagesAndNextMovesOn() {
        let urls = urls, images = images!
        MainActor.assumeIsolated {
            let source = FolderImageSource(folder: images.folder)
            let viewer = Self.openViewer(at: 2, source: source, urls: urls)
            defer { Self.close(viewer) }
            let title = String(cString: gtk_window_get_title(viewer.window.cast()))
            XCTAssertTrue(title.contains("3 / 5"), title)
            XCTAssertTrue(title.contains("photo-3.png"), title)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil }, "current image shows")
            XCTAssertEqual(viewer.canvas.texture?.pixelWidth, 520)
            XCTAssertFalse(viewer.status.isShowingSpinner)

            viewer.activate(.next)
            XCTAssertTrue(String(cString: gtk_window_get_title(viewer.window.cast())).contains("4 / 5"))
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture?.pixelWidth == 560 })
            viewer.activate(.last)
            XCTAssertTrue(viewer.titleText.contains("5 / 5"))
            XCTAssertFalse(viewer.isEnabled(.next), "no page after the last")
            viewer.activate(.next)
            XCTAssertTrue(viewer.titleText.contains("5 / 5"))
        }
    }

    func testNeighboursArePrefetchedAtLowPriority() {
        let urls = urls, images = images!
        MainActor.assumeIsolated {
            let source = FolderImageSource(folder: images.folder)
            let viewer = Self.openViewer(at: 2, source: source, urls: urls)
            defer { Self.close(viewer) }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.store.decodedIndices == [0, 1, 2, 3, 4] })
            let requests = source.requests
            // Arrival order at the source is up to the cooperative pool (each load is its own
            // task), so only the priorities are checked, not which request came in first.
            XCTAssertTrue(requests.contains(.init(url: urls[2], priority: .interactive)), "current page at interactive priority")
            XCTAssertEqual(Set(requests.filter { $0.priority == .prefetch }.map(\.url)),
                           Set([urls[0], urls[1], urls[3], urls[4]]))
            XCTAssertEqual(requests.count, 5, "each page asked for once")
            // The neighbours are ready for a swipe.
            XCTAssertTrue(viewer.canvas.nextTexture === viewer.store.image(at: 3)?.texture)
            XCTAssertTrue(viewer.canvas.previousTexture === viewer.store.image(at: 1)?.texture)
        }
    }

    func testNeighboursStartOnlyOnceThePageShownIsOnScreen() {
        let urls = urls, images = images!
        MainActor.assumeIsolated {
            // The store alone, with no window to paint: the page is decoded, not yet shown.
            let store = ViewerPageStore(items: urls.map { ViewerItem(url: $0) }, source: FolderImageSource(folder: images.folder))
            let paging = PagingModel(count: urls.count, index: 2)
            store.update(for: paging)
            XCTAssertTrue(GtkTestEnvironment.spin { store.decodedIndices == [2] })
            GtkTestEnvironment.spin(for: 0.1)
            XCTAssertEqual(store.loadingIndices, [], "decoded is not shown: the neighbours would take the cores from its frame")
            XCTAssertEqual(store.decodedIndices, [2])
            store.currentPageShown(1)
            XCTAssertEqual(store.loadingIndices, [], "only the current page's frame counts")
            store.currentPageShown(2)
            XCTAssertEqual(store.loadingIndices, [1, 3, 0, 4])
            XCTAssertTrue(GtkTestEnvironment.spin { store.decodedIndices == [0, 1, 2, 3, 4] })
        }
    }

    func testTheSpinnerWaitsBeforeItSaysAPageIsLoading() {
        let urls = urls, images = images!
        MainActor.assumeIsolated {
            let source = FolderImageSource(folder: images.folder)
            source.setDelay(.seconds(30))
            let viewer = Self.openViewer(at: 0, source: source, urls: urls)
            defer { Self.close(viewer) }
            // Most pages arrive within the delay: no spinner flashes for them.
            XCTAssertFalse(viewer.status.isShowingSpinner)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.status.isShowingSpinner }, "a slow page gets its spinner")
            source.setDelay(.zero)
            viewer.activate(.next)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            XCTAssertFalse(viewer.status.isShowingSpinner, "the picture ends it")
        }
    }

    func testPagesFlickedPastAreCancelledAndFarPagesDropped() {
        let images = images!
        MainActor.assumeIsolated {
            let many = (1...9).map { FolderImageSource.link(for: try! images.png("many-\($0).png", width: 64, height: 64)) }
            let source = FolderImageSource(folder: images.folder)
            source.setDelay(.seconds(3))
            let viewer = Self.openViewer(at: 0, source: source, urls: many)
            defer { Self.close(viewer) }
            // Neighbours wait until the page shown has its picture: they would share its cores.
            XCTAssertEqual(viewer.store.loadingIndices, [0])
            viewer.activate(.last)
            XCTAssertEqual(viewer.store.loadingIndices, [8])
            XCTAssertTrue(GtkTestEnvironment.spin { Set(source.cancelled) == [many[0]] },
                          "the load of page 1 was cancelled: \(source.cancelled)")

            source.setDelay(.zero)
            viewer.activate(.first)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.store.decodedIndices == [0, 1, 2] })
            viewer.activate(.last)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.store.decodedIndices == [6, 7, 8] },
                          "textures of pages far away are dropped")
        }
    }

    func testFailureShowsErrorPageAndRetryLoadsAgain() {
        let urls = urls, images = images!
        MainActor.assumeIsolated {
            let source = FolderImageSource(folder: images.folder)
            source.fail(urls[1], with: .serverError(status: 404))
            let viewer = Self.openViewer(at: 1, source: source, urls: urls)
            defer { Self.close(viewer) }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.status.isShowingError })
            XCTAssertEqual(viewer.status.errorTitleText, ErrorMessages.title(for: .serverError(status: 404)))
            XCTAssertNil(viewer.canvas.texture)
            let retry = viewer.status.errorPage.retryButton
            XCTAssertTrue(gtk_widget_is_visible(retry) != 0)
            XCTAssertEqual(String(cString: gtk_button_get_label(retry.cast())), "Retry")
            XCTAssertEqual(String(cString: gtk_actionable_get_action_name(retry.opaque)), "win.retry")

            source.fail(urls[1], with: nil)
            g_signal_emit_by_name_clicked(retry)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil }, "retry loads the image")
            XCTAssertFalse(viewer.status.isShowingError)
            XCTAssertEqual(source.requests.filter { $0.url == urls[1] }.count, 2)
        }
    }

    func testReducedOriginalShowsANote() {
        let images = images!
        MainActor.assumeIsolated {
            let big = FolderImageSource.link(for: try! images.png("huge.png", width: 800, height: 600))
            let source = FolderImageSource(folder: images.folder)
            source.reduce(big)
            let viewer = Self.openViewer(at: 0, source: source, urls: [big])
            defer { Self.close(viewer) }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            XCTAssertEqual(viewer.status.reducedNoteText, "Shown reduced: 400 × 300")
        }
    }

    func testZoomActionsChangeTheLabelAndResetPerPage() {
        let images = images!
        MainActor.assumeIsolated {
            // Larger than the window, so best fit is below 100 %.
            let large = (1...2).map { FolderImageSource.link(for: try! images.png("large-\($0).png", width: 2400 + $0, height: 1800)) }
            let source = FolderImageSource(folder: images.folder)
            let viewer = Self.openViewer(at: 0, source: source, urls: large)
            defer { Self.close(viewer) }
            XCTAssertTrue(GtkTestEnvironment.spin {
                viewer.canvas.texture != nil && viewer.canvas.viewportSize.width > 0
            })
            XCTAssertLessThan(viewer.canvas.zoom!.level, 1)
            XCTAssertEqual(viewer.zoomLabelText, "Best Fit")
            viewer.activate(.zoomOriginal)
            XCTAssertEqual(viewer.zoomLabelText, "100 %")
            viewer.activate(.zoomIn)
            XCTAssertEqual(viewer.zoomLabelText, "125 %")
            viewer.activate(.next)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.zoom?.imageSize.width == 2402 })
            XCTAssertEqual(viewer.zoomLabelText, "Best Fit", "zoom resets per page")
            viewer.activate(.zoomBestFit)
            XCTAssertEqual(viewer.canvas.zoom?.isBestFit, true)
        }
    }

    func testSharingWithoutABrowserOpenerShowsABanner() {
        let urls = urls, images = images!
        MainActor.assumeIsolated {
            let source = FolderImageSource(folder: images.folder)
            let viewer = Self.openViewer(at: 0, source: source, urls: urls)
            defer { Self.close(viewer) }
            let savedPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
            setenv("PATH", images.folder.path, 1) // a folder without xdg-open
            defer { setenv("PATH", savedPath, 1) }
            viewer.activate(.openInBrowser)
            XCTAssertEqual(viewer.status.bannerText, ErrorMessages.explanation(for: LinkSharing.Failure.browserOpenerMissing))
            XCTAssertTrue(viewer.status.bannerText?.contains("xdg-open") == true)
        }
    }
}

/// Clicks a button the way GTK does for a pointer click or keyboard activation.
@MainActor
private func g_signal_emit_by_name_clicked(_ button: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_activate(button)
}
