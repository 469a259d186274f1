import CGtk
import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// The filmstrip over a list far longer than a screen: cells are made for what is near the
/// view, thumbnails asked for what is on screen, and the page shown is kept in view.
final class ViewerFilmstripTests: ImageFolderTestCase {
    func testAHundredThousandPagesMakeAFewCellsAndAskForTheThumbnailsOnScreen() throws {
        let file = try images.png("strip.png", width: 120, height: 90)
        let images = images!
        MainActor.assumeIsolated {
            // Every page is the same file under its own address (the source serves by name).
            let urls = (0..<100_000).map { URL(string: "https://images.example.invalid/\($0)/\(file.lastPathComponent)")! }
            let source = FolderImageSource(folder: images.folder)
            let viewer = ViewerWindow.openForTest(urls, source: source)
            defer { viewer.closeForTest() }
            GtkTestEnvironment.spin(for: 0.2)
            XCTAssertEqual(source.thumbnailRequests, [], "a hidden strip asks for nothing")
            viewer.activate(.filmstrip)
            XCTAssertTrue(GtkTestEnvironment.spin { source.thumbnailRequests.count >= 10 }, "the cells on screen ask for thumbnails")
            GtkTestEnvironment.spin(for: 0.3)
            let bound = viewer.filmstrip.boundPages
            XCTAssertEqual(bound.first, 0)
            XCTAssertLessThanOrEqual(bound.count, 250, "cells near the view, not one per page")
            let asked = Set(source.thumbnailRequests.map { Int($0.pathComponents[1])! })
            // A 1000 px window shows some 14 cells of 74 px; a cell's width either side loads too.
            XCTAssertLessThanOrEqual(asked.count, 20, "thumbnails for the cells on screen only: \(asked.sorted())")

            viewer.activate(.last)
            XCTAssertEqual(viewer.filmstrip.current, 99_999)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.filmstrip.boundPages.contains(99_999) }, "the last page's cell in view")
            XCTAssertLessThanOrEqual(viewer.filmstrip.boundPages.count, 250)
            XCTAssertTrue(GtkTestEnvironment.spin { source.thumbnailRequests.contains(urls[99_999]) })
            GtkTestEnvironment.spin(for: 0.3)
            let nearEnd = Set(source.thumbnailRequests.map { Int($0.pathComponents[1])! }).filter { $0 > 50_000 }
            XCTAssertLessThanOrEqual(nearEnd.count, 20, "none of the pages passed on the way: \(nearEnd.sorted())")
        }
    }
}
