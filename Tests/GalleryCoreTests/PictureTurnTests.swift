import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// How a turned picture's points land, and that a turn is remembered for its address.
final class PictureTurnTests: XCTestCase {
    /// Every turn against the same turn made of four quarter-turn steps by hand: a corner
    /// mark lands where turning the paper puts it, and `unturn` brings every point back.
    func testPointsLandWhereTurningThePaperPutsThem() {
        let (width, height) = (40.0, 30.0)
        // The top left corner mark, after a quarter turn clockwise, is at the top right.
        XCTAssertTrue(PictureTurn.none.rotatedRight.turn(x: 0, y: 0, width: width, height: height) == (30, 0))
        XCTAssertTrue(PictureTurn.none.rotatedLeft.turn(x: 0, y: 0, width: width, height: height) == (0, 40))
        XCTAssertTrue(PictureTurn.none.flipped.turn(x: 0, y: 0, width: width, height: height) == (40, 0))
        XCTAssertEqual(PictureTurn.none.rotatedRight.rotatedRight.rotatedRight.rotatedRight, .none)
        XCTAssertEqual(PictureTurn.none.rotatedRight.rotatedLeft, .none)
        XCTAssertEqual(PictureTurn.none.flipped.flipped, .none)
        for quarterTurns in 0..<4 {
            for mirrored in [false, true] {
                let turn = PictureTurn(quarterTurns: quarterTurns, mirrored: mirrored)
                let size = turn.turned(width: width, height: height)
                XCTAssertEqual(size.width == height, turn.swapsSides)
                for (x, y) in [(0.0, 0.0), (40, 0), (0, 30), (12.5, 7)] {
                    let point = turn.turn(x: x, y: y, width: width, height: height)
                    XCTAssertTrue((0...size.width).contains(point.x) && (0...size.height).contains(point.y))
                    XCTAssertTrue(turn.unturn(x: point.x, y: point.y, width: width, height: height) == (x, y),
                                  "\(turn) brings (\(x), \(y)) back")
                }
                // Rotate Right as seen: the turned picture's top left goes to its top right.
                let right = turn.rotatedRight
                let before = turn.unturn(x: 0, y: 0, width: width, height: height)
                let after = right.turn(x: before.x, y: before.y, width: width, height: height)
                XCTAssertTrue(after == (size.height, 0), "\(turn) rotated right as seen")
            }
        }
    }

    func testATurnIsRememberedForItsAddressAcrossRunsAndATurnBackIsForgotten() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent(PictureTurns.fileName)
        let photo = URL(string: "https://photos.example/a.jpg")!, other = URL(string: "https://photos.example/b.jpg")!
        let turns = PictureTurns(file: file)
        turns.set(PictureTurn.none.rotatedRight, for: photo)
        turns.set(PictureTurn.none.flipped, for: other)
        turns.writeNow()
        let nextRun = PictureTurns(file: file)
        XCTAssertEqual(nextRun.turn(for: photo), PictureTurn(quarterTurns: 1, mirrored: false))
        XCTAssertEqual(nextRun.turn(for: other), PictureTurn(quarterTurns: 0, mirrored: true))
        nextRun.set(.none, for: photo)
        nextRun.writeNow()
        let text = String(decoding: SealedFileWrite.read(file) ?? Data(), as: UTF8.self)
        XCTAssertFalse(text.contains("a.jpg"), "turned back: nothing kept")
        XCTAssertEqual(PictureTurns(file: file).turn(for: photo), .none)
        SealedFileWrite.install(Data("9\t0\thttps://x/c.jpg\n1\t1\thttps://x/d.jpg\n".utf8), as: file)
        let damaged = PictureTurns(file: file)
        XCTAssertEqual(damaged.turn(for: URL(string: "https://x/c.jpg")!), .none, "a line that does not read is left out")
        XCTAssertEqual(damaged.turn(for: URL(string: "https://x/d.jpg")!), PictureTurn(quarterTurns: 1, mirrored: true))
    }
}
