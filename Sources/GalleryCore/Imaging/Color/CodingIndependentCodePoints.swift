import CColorManagement

/// Coding-independent code points (ITU-T H.273): the colour primaries and transfer function by
/// number — a PNG's `cICP` chunk, which browsers apply before any ICC profile, a HEIF's or AVIF's
/// `nclx` colour, a JPEG XL's HDR encoding. The pictures they name — sRGB, Display P3, BT.2020
/// and BT.709 primaries with the sRGB, BT.709, linear or plain-gamma curves, and the HDR
/// curves PQ and HLG tone-mapped to the screen's range (`HDRToneMapping`) — become the profile
/// the pipeline converts from; any other falls back on what else the file says.
struct CodingIndependentCodePoints: Equatable {
    let primaries: Int
    let transfer: Int
    let matrix: Int
    let fullRange: Bool

    init(_ codes: (UInt8, UInt8, UInt8, UInt8)) {
        (primaries, transfer, matrix, fullRange) = (Int(codes.0), Int(codes.1), Int(codes.2), codes.3 != 0)
    }

    /// White, red, green and blue x and y (D65 white for all of these).
    private var chromaticities: [Double]? {
        switch primaries {
        case 1: [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06] // BT.709, sRGB
        case 9: [0.3127, 0.3290, 0.708, 0.292, 0.170, 0.797, 0.131, 0.046] // BT.2020
        case 12: [0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060] // Display P3
        default: nil
        }
    }

    /// lcms's parametric curve (type 4: g, a, b, c, d) from encoded values to light.
    private var curve: [Double]? {
        switch transfer {
        case 13: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045] // sRGB
        case 1, 6, 14, 15: [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081] // BT.709 (and its kin)
        case 8: [1, 1, 0, 0, 0] // linear
        case 4: [2.2, 1, 0, 0, 0]
        case 5: [2.8, 1, 0, 0, 0]
        default: nil // PQ and HLG (a table: `HDRToneMapping`) and the rest
        }
    }

    /// True where these codes say more than "sRGB" would: other primaries, or an HDR curve.
    /// (BT.709's curve on sRGB's primaries, the most common AVIF tag, is shown as sRGB, as
    /// before: only the PNG's chunk, which browsers follow to the letter, is taken as it is.)
    var differFromSRGB: Bool { primaries != 1 && primaries != 2 || HDRToneMapping.isHDR(transfer: transfer) }

    /// The profile these codes describe; nil for what the app does not show this way (not RGB,
    /// limited range, unknown numbers).
    var profile: [UInt8]? {
        guard matrix == 0, fullRange, let chromaticities else { return nil }
        var profile = [UInt8](repeating: 0, count: 4096 + 4 * HDRToneMapping.entries)
        let length = profile.withUnsafeMutableBufferPointer { out in
            if let table = HDRToneMapping.table(transfer: transfer) {
                return colormanagement_profile_from_table(chromaticities, table, UInt32(table.count), out.baseAddress, out.count)
            }
            guard let curve else { return 0 }
            return colormanagement_profile_from_curve(chromaticities, curve, out.baseAddress, out.count)
        }
        return length > 0 ? Array(profile.prefix(length)) : nil
    }
}
