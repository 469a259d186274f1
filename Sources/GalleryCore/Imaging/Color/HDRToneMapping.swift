import Foundation

/// HDR pictures — BT.2100's PQ and HLG curves, as JPEG XL, AVIF and PNG's cICP name them —
/// shown on a screen of standard range. Each channel's encoded value becomes light on the
/// BT.2100 display (PQ: absolute, up to 10,000 cd/m²; HLG: a 1,000 cd/m² display's, its
/// system gamma of 1.2 taken per channel), then BT.2390's EETF brings a 1,000 cd/m² peak down
/// to BT.2408's reference white of 203 cd/m², the screen's white: light up to the knee, at
/// 87 cd/m², is kept as it is, brighter light rolls off smoothly (a spline in PQ's perceptual
/// scale) and a 1,000 cd/m² highlight is the screen's white, where cutting it off would
/// flatten every highlight to one. The curve is an ICC profile's tone curve (`CodingIndependentCodePoints`),
/// so lcms converts these pictures like any other, primaries and all.
enum HDRToneMapping {
    /// BT.2408's reference white ("graphics white"), the screen's white, in cd/m².
    static let referenceWhite = 203.0
    /// The brightest light kept apart from white: HDR10's usual mastering peak. Brighter is white.
    static let sourcePeak = 1000.0
    /// Entries of the tabulated curve: steps of a 12-bit encoding.
    static let entries = 4096

    /// True for the H.273 transfer codes of PQ (16) and HLG (18).
    static func isHDR(transfer: Int) -> Bool { transfer == 16 || transfer == 18 }

    /// The tone curve of an H.273 transfer code, as light relative to the screen's white at
    /// encoded values evenly spaced from 0 to 1; nil for a curve of standard range.
    static func table(transfer: Int) -> [Float]? {
        switch transfer {
        case 16: perceptualQuantizerTable
        case 18: hybridLogGammaTable
        default: nil
        }
    }

    // Made once, on first use, for every picture after.
    private static let perceptualQuantizerTable = table(of: perceptualQuantizerLight)
    private static let hybridLogGammaTable = table(of: hybridLogGammaLight)

    private static func table(of light: (Double) -> Double) -> [Float] {
        (0..<entries).map { index in Float(toneMapped(light(Double(index) / Double(entries - 1))) / referenceWhite) }
    }

    // PQ's constants (SMPTE ST 2084).
    private static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    private static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32

    /// PQ's EOTF: an encoded value, 0 to 1, as cd/m².
    static func perceptualQuantizerLight(_ encoded: Double) -> Double {
        let power = pow(min(max(encoded, 0), 1), 1 / m2)
        return 10000 * pow(max(power - c1, 0) / (c2 - c3 * power), 1 / m1)
    }

    /// PQ's inverse EOTF: cd/m² as an encoded value.
    static func perceptualQuantizerValue(_ light: Double) -> Double {
        let y = pow(min(max(light / 10000, 0), 1), m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    /// HLG (ARIB STD-B67): the inverse OETF gives scene light, 0 to 1; a 1,000 cd/m² display
    /// shows it through the OOTF, system gamma 1.2 (here per channel, as a tone curve must be).
    static func hybridLogGammaLight(_ encoded: Double) -> Double {
        let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
        let value = min(max(encoded, 0), 1)
        let scene = value <= 0.5 ? value * value / 3 : (exp((value - c) / a) + b) / 12
        return 1000 * pow(scene, 1.2)
    }

    /// BT.2390's EETF from `sourcePeak` to `referenceWhite` (no black level to lift): cd/m² in,
    /// cd/m² out.
    static func toneMapped(_ light: Double) -> Double {
        let sourceTop = perceptualQuantizerValue(sourcePeak)
        let e1 = min(perceptualQuantizerValue(light) / sourceTop, 1)
        let maxLuminance = perceptualQuantizerValue(referenceWhite) / sourceTop
        let kneeStart = 1.5 * maxLuminance - 0.5
        var e2 = e1
        if e1 > kneeStart {
            let t = (e1 - kneeStart) / (1 - kneeStart), t2 = t * t, t3 = t2 * t
            e2 = (2 * t3 - 3 * t2 + 1) * kneeStart + (t3 - 2 * t2 + t) * (1 - kneeStart) + (-2 * t3 + 3 * t2) * maxLuminance
        }
        return min(perceptualQuantizerLight(e2 * sourceTop), referenceWhite)
    }
}
