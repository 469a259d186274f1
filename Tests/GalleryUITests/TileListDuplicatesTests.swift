import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// One tile per picture in the grid's list (issue 55): with duplicates hidden, the first line of
/// each picture is kept and counts its links, a copy is taken out when its thumbnail shows it to
/// be one, a new list groups again, and the copy saved is the largest.
final class TileListDuplicatesTests: XCTestCase {
    private static let photo = LookHash(gradients: 0x1234_5678_9ABC_DEF0, verticalGradients: 0x0F0F_3C3C_F0F0_C3C3,
                                        red: 100, green: 120, blue: 140)
    private static let resized = LookHash(gradients: photo.gradients ^ 0b1011, verticalGradients: photo.verticalGradients ^ 0b110,
                                          red: 102, green: 119, blue: 140)
    private static let other = LookHash(gradients: ~photo.gradients, verticalGradients: photo.verticalGradients,
                                        red: 100, green: 120, blue: 140)

    @MainActor
    private static func thumbnail(_ look: LookHash, side: Int) -> ThumbnailImage {
        var pixels = [UInt8](repeating: 90, count: 4 * 4 * 4)
        let bytes = g_bytes_new(&pixels, gsize(pixels.count))
        defer { g_bytes_unref(bytes) }
        return ThumbnailImage(texture: TextureHandle(taking: gdk_memory_texture_new(4, 4, GDK_MEMORY_R8G8B8A8, bytes, 16)),
                              sourceSize: PixelSize(width: side, height: side), look: look)
    }

    func testCopiesAreHiddenBehindTheFirstLineOfTheirPicture() {
        MainActor.assumeIsolated {
            let list = TileList()
            var found = 0
            list.onDuplicatesFound = { found += 1 }
            let lines = (1...5).map { "https://example.invalid/\($0).jpg" }
            _ = list.replace(with: LinksDocument.make(from: Data(lines.joined(separator: "\n").utf8)))
            list.show(TileFilter(hidesDuplicates: true))
            // Line 4 (a small copy) loads before line 2 (the picture), line 3 is another picture.
            let items = list.all
            items[3].update(.loaded, image: Self.thumbnail(Self.resized, side: 500))
            items[2].update(.loaded, image: Self.thumbnail(Self.other, side: 800))
            XCTAssertEqual(found, 0, "nothing alike yet")
            XCTAssertEqual(list.items.count, 5)
            items[1].update(.loaded, image: Self.thumbnail(Self.photo, side: 2000))
            XCTAssertEqual(found, 1)
            XCTAssertTrue(list.reapplyFilter())
            XCTAssertEqual(list.items.map(\.entry.text), [lines[0], lines[1], lines[2], lines[4]], "line 4 is line 2's picture")
            XCTAssertEqual(list.items.map(\.linkCount), [1, 2, 1, 1])
            XCTAssertEqual(items[1].accessibleName, "Image \(lines[1]), 2 links")
            XCTAssertTrue(list.largestCopy(of: items[3]) === items[1], "the 2000 px copy is saved, not the 500 px one")
            XCTAssertEqual(list.links(of: items[3]).map(\.entry.text), [lines[1], lines[3]])

            // The thumbnails let go (far from the screen), the looks stay; every line again.
            items[1].update(.idle)
            items[3].update(.idle)
            list.show(TileFilter())
            XCTAssertEqual(list.items.count, 5)
            XCTAssertEqual(list.items.map(\.linkCount), [1, 1, 1, 1, 1], "no count while every line shows")
            // A new list without line 2: line 4 stands alone again.
            let kept = [lines[0], lines[2], lines[3], lines[4]]
            _ = list.replace(with: LinksDocument.make(from: Data(kept.joined(separator: "\n").utf8)))
            list.show(TileFilter(hidesDuplicates: true))
            XCTAssertEqual(list.items.map(\.entry.text), kept)
        }
    }

    /// A host that answers every dead link of a list with its one "not found" picture makes one
    /// group of them all: 20,000 lines are one tile that says so, in a filter pass that looks at
    /// each line once (asking every line its group's members took 20,000² steps).
    func testTwentyThousandLinesOfOnePictureAreOneTile() {
        MainActor.assumeIsolated {
            let list = TileList()
            let lines = (1...20_000).map { "https://example.invalid/gone/\($0).jpg" }
            _ = list.replace(with: LinksDocument.make(from: Data(lines.joined(separator: "\n").utf8)))
            let image = Self.thumbnail(Self.photo, side: 300)
            for item in list.all { item.update(.loaded, image: image) }
            let started = ContinuousClock.now
            list.show(TileFilter(hidesDuplicates: true))
            print("filter pass over 20,000 lines of one picture: \(ContinuousClock.now - started)")
            XCTAssertEqual(list.items.map(\.entry.text), [lines[0]])
            XCTAssertEqual(list.items.first?.linkCount, 20_000)
        }
    }
}
