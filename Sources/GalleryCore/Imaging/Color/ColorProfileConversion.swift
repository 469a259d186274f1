import CColorManagement
import CGtk

/// Converts decoded pixels from the colour space of the picture's embedded ICC profile to sRGB,
/// in place, so what GTK shows (it treats every texture as sRGB) is the picture's real colour.
/// A ProPhoto JPEG or an Adobe RGB PNG of pure green showed as (138, 237, 78) and (108, 191,
/// 45) before; GNOME Image Viewer, Eye of GNOME and browsers convert them.
///
/// Runs after scaling, on the pixels that are kept (126 px for a thumbnail, the screen's size
/// for a page): converting 16 thousand pixels costs nothing next to decoding millions.
/// Untagged pictures are sRGB and never get here.
enum ColorProfileConversion {
    /// Converts `pixbuf` (8-bit RGB or RGBA) from `profile`; false when the profile was ignored
    /// (broken, not RGB, too large): the picture is then shown as if untagged.
    @discardableResult
    static func convert(_ pixbuf: OpaquePointer, from profile: [UInt8]) -> Bool {
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
              let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return false }
        let status = colormanagement_rgb_to_srgb(
            profile, profile.count, pixels, UInt32(gdk_pixbuf_get_width(pixbuf)), UInt32(gdk_pixbuf_get_height(pixbuf)),
            Int(gdk_pixbuf_get_rowstride(pixbuf)), Int32(channels))
        return Int(status) == COLORMANAGEMENT_CONVERTED
    }

    /// Whether `profile` describes grey pixels (its colour space 'GRAY').
    static func isGrey(_ profile: [UInt8]) -> Bool {
        colormanagement_profile_space(profile, profile.count) == 0x4752_4159 // "GRAY"
    }

    /// The profile a PNG without an ICC profile or sRGB chunk describes with gAMA and cHRM, as
    /// Chromium reads them: cHRM's primaries with gAMA's curve (sRGB's curve without gAMA), or
    /// sRGB's primaries with gAMA's curve; nil when the file says neither, or says nonsense.
    static func profile(pngGamma gamma: Double, chromaticities: [Double]?) -> [UInt8]? {
        guard gamma > 0 || chromaticities != nil else { return nil }
        var profile = [UInt8](repeating: 0, count: 4096) // an RGB matrix profile: under 1 KB
        let length = profile.withUnsafeMutableBufferPointer { out in
            if let chromaticities {
                return chromaticities.withUnsafeBufferPointer {
                    colormanagement_profile_from_png(gamma, $0.baseAddress, out.baseAddress, out.count)
                }
            }
            return colormanagement_profile_from_png(gamma, nil, out.baseAddress, out.count)
        }
        return length > 0 ? Array(profile.prefix(length)) : nil
    }
}
