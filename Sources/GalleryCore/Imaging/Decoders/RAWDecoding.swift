import CGtk
import CRAW
import Foundation
import GObjectSupport

/// Camera RAW files through LibRaw: DNG (phones shoot it) and the TIFF-based camera formats
/// (CR2, NEF, ARW, PEF…), which sniff as TIFF and which gdk-pixbuf's TIFF loader would show as
/// their small first picture, or refuse. A small request (a thumbnail) takes the JPEG preview
/// the camera embedded, when it is large enough; anything else develops the raw data (LibRaw's
/// demosaic, the camera's white balance, sRGB), from every other photosite when the picture is
/// shown at half its size or less. Pixels come as stored; the camera's turn is left to the
/// pipeline (`orientationLeft`), as every format's. A TIFF LibRaw does not read is the next
/// decoder's.
enum RAWDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, gate: LoaderSizeGate) throws(LoadError) -> PixbufLoading.Loaded? {
        var info = rawdecode_info()
        let limit = UInt64(max(0, gate.maxPixels))
        let status = picture.data.withUnsafeBytes { rawdecode_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, limit, &info) }
        switch Int(status) {
        case RAWDECODE_OK: break
        case RAWDECODE_NOT_RAW: return nil
        case RAWDECODE_TOO_LARGE: throw .tooLarge
        default: throw .damaged
        }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        let orientation = switch info.flip {
        case 3: 3
        case 5: 8
        case 6: 6
        default: 1
        }
        let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit)
        if let target, info.has_jpeg_preview != 0, var preview = try jpegPreview(picture, target: target, gate: gate) {
            preview.orientationLeft = orientation
            preview.declaredWidth = size.width
            preview.declaredHeight = size.height
            return preview
        }
        let half = target.map { $0.width * 2 <= size.width && $0.height * 2 <= size.height } ?? false
        var developed = try develop(picture.data, limit: limit, half: half)
        if let target, let scaled = gdk_pixbuf_scale_simple(OpaquePointer(developed.pointer), gint(target.width), gint(target.height),
                                                            GDK_INTERP_BILINEAR) {
            developed = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
        }
        return PixbufLoading.Loaded(pixbuf: developed, declaredWidth: size.width, declaredHeight: size.height,
                                    inSRGB: true, orientationLeft: orientation)
    }

    /// The camera's JPEG preview, decoded like any JPEG at the gate's fit, when it is at least
    /// as large as `target`; nil otherwise.
    private static func jpegPreview(_ picture: OpenedPicture, target: (width: Int, height: Int), gate: LoaderSizeGate)
        throws(LoadError) -> PixbufLoading.Loaded? {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = picture.data.withUnsafeBytes { rawdecode_jpeg_preview($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &bytes, &length) }
        guard Int(status) == RAWDECODE_OK, let bytes else { return nil }
        let jpeg = Data(bytes: bytes, count: length)
        rawdecode_free(bytes)
        guard let opened = try? OpenedPicture(jpeg), opened.format == .jpeg, opened.bytesComplete,
              let size = opened.facts.size, size.width >= target.width || size.height >= target.height,
              let loaded = try? PicturePipeline.decodeStored(opened, StoredRequest(), gate: gate, able: .whole) else { return nil }
        var preview = loaded
        if !preview.inSRGB, let profile = opened.facts.colorProfile { preview.decoderProfile = profile }
        return preview
    }

    /// The raw data developed, as an RGB pixbuf of its own.
    private static func develop(_ data: Data, limit: UInt64, half: Bool) throws(LoadError) -> ObjectReference {
        var rgb: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status = data.withUnsafeBytes {
            rawdecode_develop($0.bindMemory(to: UInt8.self).baseAddress, $0.count, limit, half ? 1 : 0, &rgb, &width, &height)
        }
        guard Int(status) == RAWDECODE_OK, let rgb else { throw Int(status) == RAWDECODE_TOO_LARGE ? .tooLarge : .damaged }
        defer { rawdecode_free(rgb) }
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height)), let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else { throw .outOfMemory }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), row = Int(width) * 3
        for line in 0..<Int(height) { (pixels + line * stride).update(from: rgb + line * row, count: row) }
        return ObjectReference(taking: UnsafeMutableRawPointer(pixbuf))
    }
}
