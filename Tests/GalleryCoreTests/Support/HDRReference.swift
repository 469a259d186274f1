import Foundation
import TestRequirements

/// What an HDR picture's neutral greys should look like on the screen, from the standards'
/// formulas written apart from the app (`Tests/Fixtures/hdr_reference.py`: BT.2100's PQ and
/// HLG, BT.2390's EETF to BT.2408's 203 cd/m² white, sRGB's encoding), so no HDR test takes
/// its expectation from `HDRToneMapping`, the code it tests.
enum HDRReference {
    enum Curve: String {
        case pq, hlg
    }

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/hdr_reference.py").path

    /// The sRGB-encoded screen value (0–255, unrounded) of each 8-bit neutral code of `curve`.
    static func shownGreys(_ curve: Curve, codes: [Int]) throws -> [Double] {
        try values(curve.rawValue, codes)
    }

    /// The display light (cd/m², before the EETF) of each 8-bit code of `curve`.
    static func displayLight(_ curve: Curve, codes: [Int]) throws -> [Double] {
        try values("light-" + curve.rawValue, codes)
    }

    private static func values(_ mode: String, _ codes: [Int]) throws -> [Double] {
        let printed = try ExternalTool.output("/usr/bin/python3", [script, mode] + codes.map(String.init))
        let values = printed.split(separator: "\n").compactMap { Double($0) }
        guard values.count == codes.count else { throw TestRequirement.missing("hdr_reference.py printed \(printed)") }
        return values
    }
}
