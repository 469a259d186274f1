@testable import GalleryCore
import XCTest

/// Grouping by look (issue 55): the index finds exactly the looks a comparison with each would
/// find, without making it, and groups follow copies of copies.
final class DuplicateGroupsTests: XCTestCase {
    /// A fixed sequence, so a failure can be run again.
    private struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func testTheIndexFindsWhatComparingWithEachFinds() {
        var random = SplitMix(state: 55)
        var index = LookIndex(), looks: [LookHash] = []
        for number in 0..<4000 {
            // Half the looks are another's with up to 14 bits flipped and the colour moved up to 30.
            var look = LookHash(gradients: random.next(), verticalGradients: random.next(), red: .random(in: 0...255, using: &random),
                                green: .random(in: 0...255, using: &random), blue: .random(in: 0...255, using: &random))
            if number > 0, Bool.random(using: &random) {
                let base = looks[Int.random(in: 0..<looks.count, using: &random)]
                var bits = base.gradients, down = base.verticalGradients
                for _ in 0..<Int.random(in: 0...14, using: &random) { bits ^= 1 << UInt64.random(in: 0..<64, using: &random) }
                for _ in 0..<Int.random(in: 0...14, using: &random) { down ^= 1 << UInt64.random(in: 0..<64, using: &random) }
                func moved(_ value: UInt8) -> UInt8 { UInt8(clamping: Int(value) + Int.random(in: -30...30, using: &random)) }
                look = LookHash(gradients: bits, verticalGradients: down, red: moved(base.red), green: moved(base.green), blue: moved(base.blue))
            }
            let (filed, near) = index.insert(look)
            XCTAssertEqual(filed, number)
            let expected = looks.indices.filter { looks[$0].isNear(look) }
            XCTAssertEqual(near.sorted(), expected, "look \(number)")
            looks.append(look)
        }
        XCTAssertEqual(index.count, 4000)
    }

    func testCopiesOfCopiesAreOneGroupAndOthersStayAlone() {
        let photo = LookHash(gradients: 0xF0F0_0F0F_AAAA_5555, verticalGradients: 0x0FF0_1234_5678_9ABC, red: 120, green: 90, blue: 60)
        let copy = LookHash(gradients: photo.gradients ^ 0b11_1111, verticalGradients: photo.verticalGradients ^ 0b101,
                            red: 125, green: 90, blue: 60) // 6 bits across
        let copyOfCopy = LookHash(gradients: copy.gradients ^ 0b1111_1100_0000, verticalGradients: copy.verticalGradients,
                                  red: 130, green: 95, blue: 60) // 12 across from the photo
        let other = LookHash(gradients: ~photo.gradients, verticalGradients: photo.verticalGradients, red: 120, green: 90, blue: 60)
        let sameShapeOtherColour = LookHash(gradients: photo.gradients, verticalGradients: photo.verticalGradients,
                                            red: 10, green: 200, blue: 60)
        let otherDownwards = LookHash(gradients: photo.gradients, verticalGradients: ~photo.verticalGradients, red: 120, green: 90, blue: 60)
        var groups = DuplicateGroups()
        XCTAssertFalse(groups.add(10, look: photo))
        XCTAssertFalse(groups.add(20, look: other))
        XCTAssertFalse(groups.add(30, look: sameShapeOtherColour), "the same gradients in another colour: another picture")
        XCTAssertFalse(groups.add(35, look: otherDownwards), "alike across, unlike down: another picture")
        XCTAssertFalse(groups.add(40, look: copyOfCopy), "12 bits from the photo: alone until the copy between comes")
        XCTAssertTrue(groups.add(50, look: copy))
        XCTAssertEqual(groups.group(of: 10).sorted(), [10, 40, 50])
        XCTAssertEqual(groups.group(of: 40).sorted(), [10, 40, 50])
        XCTAssertEqual(groups.group(of: 20), [20])
        XCTAssertEqual(groups.group(of: 99), [99], "a key never added is alone")
        XCTAssertFalse(groups.add(10, look: other), "a key keeps its first look")
        XCTAssertEqual(groups.group(of: 20), [20])
    }
}
