import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// Pages are decoded at the size the window shows them; zooming past that brings the page's
/// full detail, and leaving the zoom or the page lets it go.
final class ViewerFullDetailTests: ImageFolderTestCase {
    func testPagesAreScreenSizedAndZoomingPastThatShowsTheFullDetailUntilTheZoomOrPageIsLeft() {
        let images = images!
        MainActor.assumeIsolated {
            let urls = (1...2).map { FolderImageSource.link(for: try! images.png("big-\($0).png", width: 3000 + $0, height: 2000)) }
            let source = FolderImageSource(folder: images.folder)
            let app = GtkTestEnvironment.setUp()
            let viewer = ViewerWindow(application: app, items: urls.map { ViewerItem(url: $0) }, startIndex: 0, source: source)
            viewer.present()
            defer {
                gtk_window_destroy(viewer.window.cast())
                GtkTestEnvironment.spin(for: 0.05)
            }
            // The page is as sharp as the window's pixels and not much more (it was decoded for
            // the default window size before the window had its own, a little smaller).
            XCTAssertTrue(GtkTestEnvironment.spin {
                guard let box = viewer.canvas.screenBox, let texture = viewer.canvas.texture else { return false }
                let fit = ScreenFit.fitted(PixelSize(width: 3001, height: 2000), in: box).width
                return texture.pixelWidth >= fit && texture.pixelWidth <= fit + fit / 50
            }, "the current page is decoded for the window: \(String(describing: viewer.canvas.screenBox)) \(String(describing: viewer.canvas.texture?.pixelWidth))")
            XCTAssertLessThan(viewer.canvas.texture!.pixelWidth, 3001)
            XCTAssertEqual(viewer.canvas.zoom?.imageSize.width, 3001, "zoom levels are the photo's")
            XCTAssertNil(viewer.store.detail)
            XCTAssertTrue(source.detailRequests.isEmpty, "best fit needs no full decode")

            viewer.activate(.zoomOriginal)
            XCTAssertEqual(viewer.zoomLabelText, "100 %")
            XCTAssertTrue(viewer.canvas.needsFullDetail)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.detail != nil }, "full detail arrives")
            XCTAssertEqual(viewer.canvas.detail?.size, PixelSize(width: 3001, height: 2000))
            XCTAssertEqual(source.detailRequests, [urls[0]])

            viewer.activate(.zoomBestFit)
            XCTAssertNil(viewer.store.detail, "leaving the zoom releases the large pixels")
            XCTAssertNil(viewer.canvas.detail)

            viewer.activate(.zoomOriginal)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.detail != nil })
            viewer.activate(.next)
            XCTAssertNil(viewer.store.detail, "leaving the page releases the large pixels")
            XCTAssertNil(viewer.canvas.detail)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.zoom?.imageSize.width == 3002 })
            XCTAssertTrue(viewer.store.decodedIndices.allSatisfy { index in
                viewer.store.image(at: index).map { $0.texture.pixelWidth < 3000 } ?? true
            }, "every kept page is screen-sized")
        }
    }

    /// A zoom shows what is on screen first, then holds a margin around it; a pan within the
    /// margin needs no decode, one past it brings the next region.
    func testAZoomedPhotoHoldsWhatIsOnScreenAndAPanPastItBringsTheNextRegion() {
        let images = images!
        MainActor.assumeIsolated {
            let url = FolderImageSource.link(for: try! images.jpeg("photo.jpg", width: 6000, height: 4000))
            let source = FolderImageSource(folder: images.folder)
            let app = GtkTestEnvironment.setUp()
            let viewer = ViewerWindow(application: app, items: [ViewerItem(url: url)], startIndex: 0, source: source)
            viewer.present()
            defer {
                gtk_window_destroy(viewer.window.cast())
                GtkTestEnvironment.spin(for: 0.05)
            }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            viewer.activate(.zoomOriginal)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.detail != nil }, "the region on screen arrives")
            let shownFirst = viewer.canvas.detail!
            let visible = viewer.canvas.visibleDetailRegion!
            XCTAssertEqual(shownFirst.scale, 1, "100 % needs every pixel")
            XCTAssertTrue(shownFirst.covers(visible))
            XCTAssertFalse(shownFirst.covers(visible.expanded(by: 0.3, within: PixelSize(width: 6000, height: 4000))),
                           "first what is on screen, and little more: \(shownFirst.sourceRegion)")
            // Then the margin around it, asked for by itself once the first pixels are shown.
            let margin = visible.expanded(by: ViewerPageStore.detailMargin, within: PixelSize(width: 6000, height: 4000))
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.detail.map { $0 !== shownFirst && $0.covers(margin) } ?? false },
                          "the margin follows")
            XCTAssertEqual(source.detailRequests.count, 2)
            let first = viewer.canvas.detail!
            XCTAssertLessThan(first.pixelSize.pixels, 6000 * 4000 / 4, "a region, not the photo: \(first.pixelSize)")

            // A pan within the margin needs nothing new; one to the far corner brings a region there.
            viewer.canvas.updateZoom { _ = $0.pan(by: .init(x: -visible.width / 4, y: 0)) }
            GtkTestEnvironment.spin(for: 0.2)
            XCTAssertEqual(source.detailRequests.count, 2)
            XCTAssertTrue(viewer.canvas.detail === first)
            viewer.canvas.updateZoom { _ = $0.pan(by: .init(x: -100_000, y: -100_000)) }
            XCTAssertTrue(GtkTestEnvironment.spin {
                guard let detail = viewer.canvas.detail, detail !== first, let now = viewer.canvas.visibleDetailRegion else { return false }
                return detail.covers(now)
            }, "the corner's region replaces the first")
            XCTAssertEqual(source.detailRequests.count, 3, "a pan past the margin asks for its region and margin at once")
            let corner = viewer.canvas.detail!
            XCTAssertEqual(corner.sourceRegion.x + corner.sourceRegion.width, 6000, accuracy: 1)
            XCTAssertEqual(corner.sourceRegion.y + corner.sourceRegion.height, 4000, accuracy: 1)
            XCTAssertLessThan(corner.pixelSize.pixels, 6000 * 4000 / 4)

            viewer.activate(.zoomBestFit)
            XCTAssertNil(viewer.store.detail, "leaving the zoom releases the pixels")
        }
    }
}
