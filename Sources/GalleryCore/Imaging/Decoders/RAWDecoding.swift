import CGtk
import CRAW
import Foundation
import GObjectSupport

/// Camera RAW files through LibRaw: DNG (phones shoot it) and the TIFF-based camera formats
/// (CR2, NEF, ARW, PEF…), which sniff as TIFF and which gdk-pixbuf's TIFF loader would show as
/// their small first picture, or refuse; and the makers' own containers (CR3, RAF, ORF, RW2…,
/// `ImageFormat.isCameraRAWContainer`), which only LibRaw reads. A thumbnail takes the JPEG
/// preview the camera embedded, when it is large enough; a page and its zoom develop the raw
/// data (LibRaw's demosaic, the camera's white balance, sRGB), from every other photosite when
/// the picture is shown at half its size or less. Raw data LibRaw cannot develop (cut short, a
/// compression it does not know) shows the preview at whatever size it has, as a viewer of the
/// camera's files would rather than nothing. Pixels come as stored; the camera's turn is left
/// to the pipeline (`orientationLeft`), as every format's. A TIFF LibRaw does not read is the
/// next decoder's.
enum RAWDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "LibRaw"

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        let limit = UInt64(max(0, gate.maxPixels))
        guard let info = try info(picture.data, limit: limit, format: picture.format) else { return nil }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        let orientation = orientation(flip: info.flip)
        let target = size.pixels > 0 ? LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit) : nil
        let hasPreview = info.has_preview != 0
        if case .cover = gate.fit, let target, hasPreview, let preview = try jpegPreview(picture, atLeast: target, context: context) {
            return shown(preview, orientation: orientation, declared: size)
        }
        do throws(LoadError) {
            guard size.pixels > 0 else { throw LoadError.damaged } // a preview and no raw data
            let half = target.map { $0.width * 2 <= size.width && $0.height * 2 <= size.height } ?? false
            var developed = try develop(picture.data, limit: limit, half: half)
            if let target, let scaled = gdk_pixbuf_scale_simple(OpaquePointer(developed.pointer), gint(target.width), gint(target.height),
                                                                GDK_INTERP_BILINEAR) {
                developed = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
            }
            return DecodedFrame(pixbuf: developed, declaredWidth: size.width, declaredHeight: size.height,
                                        inSRGB: true, orientationLeft: orientation)
        } catch {
            guard error == .damaged, hasPreview, let preview = try jpegPreview(picture, atLeast: nil, context: context) else { throw error }
            // The preview's own size: it is all there is to zoom into.
            return shown(preview, orientation: orientation, declared: nil)
        }
    }

    /// What LibRaw reads of the file; nil for a TIFF that is no camera's RAW (the next decoder's).
    /// A maker's container LibRaw does not read is a format this machine cannot show.
    private static func info(_ data: Data, limit: UInt64, format: ImageFormat?) throws(LoadError) -> rawdecode_info? {
        var info = rawdecode_info()
        let status = data.withUnsafeBytes { rawdecode_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, limit, &info) }
        switch Int(status) {
        case RAWDECODE_OK: return info
        case RAWDECODE_NOT_RAW:
            guard let format, format.isCameraRAWContainer else { return nil }
            throw .unsupportedFormat(format)
        case RAWDECODE_TOO_LARGE: throw .tooLarge
        default: throw .damaged
        }
    }

    /// A maker's container's size and turn, as LibRaw reads them (its raw data's; nothing when
    /// the file holds none).
    static func readFacts(_ data: Data, into facts: inout PictureFacts) {
        var info = rawdecode_info()
        let status = data.withUnsafeBytes { rawdecode_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, UInt64.max, &info) }
        guard Int(status) == RAWDECODE_OK, info.width > 0, info.height > 0 else { return }
        let size = PixelSize(width: PixelSize.bounded(Int(info.width)), height: PixelSize.bounded(Int(info.height)))
        facts.size = size
        facts.decodedPixels = size.pixels
        facts.orientation = orientation(flip: info.flip)
    }

    /// LibRaw's turn as an EXIF orientation.
    private static func orientation(flip: Int32) -> Int {
        switch flip {
        case 3: 3
        case 5: 8
        case 6: 6
        default: 1
        }
    }

    /// The preview as the picture, turned as the raw data would be; sized as the camera's
    /// picture when it stands for it (a thumbnail of a picture that develops).
    private static func shown(_ loaded: DecodedFrame, orientation: Int, declared: PixelSize?) -> DecodedFrame {
        var preview = loaded
        preview.orientationLeft = orientation
        if let declared {
            preview.declaredWidth = declared.width
            preview.declaredHeight = declared.height
        }
        return preview
    }

    /// The camera's JPEG preview, decoded like any JPEG at the gate's fit, when it is at least
    /// as large as `target` (any size without one); nil otherwise.
    private static func jpegPreview(_ picture: OpenedPicture, atLeast target: (width: Int, height: Int)?, context: DecodeContext)
        throws(LoadError) -> DecodedFrame? {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = picture.data.withUnsafeBytes { rawdecode_jpeg_preview($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &bytes, &length) }
        guard Int(status) == RAWDECODE_OK, let bytes else { return nil }
        let jpeg = Data(bytes: bytes, count: length)
        rawdecode_free(bytes)
        guard let opened = try? OpenedPicture(jpeg), opened.format == .jpeg, opened.bytesComplete,
              let size = opened.facts.size, target.map({ size.width >= $0.width || size.height >= $0.height }) ?? true,
              let loaded = try? context.nested(opened, context.gate) else { return nil }
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
