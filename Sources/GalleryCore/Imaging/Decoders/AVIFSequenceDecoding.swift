import CAVIFSequence
import CGtk
import Foundation
import GObjectSupport

/// An animated AVIF (an image sequence, brand `avis`), through libavif: what phones and sites
/// make as "animated AVIF", which neither of Debian 12's gdk-pixbuf loaders reads. Its first
/// frame, fitted like any picture; every frame with its timing when a page asks for them. The
/// pipeline converts them from the profile libavif reads.
/// Runs where every decoder runs: in the sandboxed worker (`PicturePipeline`).
enum AVIFSequenceDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "libavif"

    /// True when the file's `ftyp` names the sequence brand (major or compatible).
    static func isSequence(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(64))
        guard bytes.count >= 16, bytes[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(16, boxSize))
        let brands = [8] + Array(stride(from: 16, to: end - 3, by: 4))
        return brands.contains { bytes[$0..<$0 + 4].elementsEqual("avis".utf8) }
    }

    /// The sequence's frames and their size, as libavif's parse counts them (no frame decoded).
    static func extent(of data: Data) -> AnimationExtent? {
        var info = avifseq_info()
        let limit = UInt64(ImageDecoder.defaultMaxPixels)
        let read = data.withUnsafeBytes { avifseq_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, limit, &info) }
        guard Int(read) == AVIFSEQ_OK else { return nil }
        return AnimationExtent(frameCount: Int(info.frame_count),
                               canvas: PixelSize(width: PixelSize.bounded(Int(info.width)), height: PixelSize.bounded(Int(info.height))))
    }

    /// The first frame, with the profile libavif reads for the pipeline to convert from; nil
    /// for a still AVIF.
    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard isSequence(picture.data) else { return nil }
        let data = picture.data
        var info = avifseq_info()
        let limit = UInt64(max(0, gate.maxPixels))
        let read = data.withUnsafeBytes { avifseq_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, limit, &info) }
        guard Int(read) == AVIFSEQ_OK else { throw Int(read) == AVIFSEQ_TOO_LARGE ? .tooLarge : .damaged }
        let width = Int(info.width), height = Int(info.height)
        let target = LoaderSizeGate.targetSize(width: width, height: height, fit: gate.fit)
        guard let frame = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height)) else { throw .outOfMemory }
        var pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(frame))
        var profile = [UInt8](repeating: 0, count: PictureFacts.profileBytes.contains(info.icc_size) ? info.icc_size : 0)
        let decoded = data.withUnsafeBytes { bytes in
            profile.withUnsafeMutableBufferPointer { icc in
                avifseq_decode_first(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, limit, gdk_pixbuf_get_pixels(frame),
                                     Int(gdk_pixbuf_get_rowstride(frame)), icc.baseAddress, icc.count)
            }
        }
        guard Int(decoded) == AVIFSEQ_OK else { throw Int(decoded) == AVIFSEQ_TOO_LARGE ? .tooLarge : .damaged }
        let decoderProfile = profile.isEmpty ? nil : profile
        if request.frames, info.frame_count >= 2, var animation = frames(of: data, width: width, height: height, limit: limit,
                                                                                  request: request) {
            animation.decoderProfile = decoderProfile
            return animation
        }
        if let target, let scaled = gdk_pixbuf_scale_simple(frame, gint(target.width), gint(target.height), GDK_INTERP_BILINEAR) {
            pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
        }
        return DecodedFrame(pixbuf: pixbuf, declaredWidth: width, declaredHeight: height, decoderProfile: decoderProfile)
    }

    /// The frames `request` asks for, with their durations from the sequence's timescale
    /// (libavif 0.11 reads no loop count: it plays for ever).
    private static func frames(of data: Data, width: Int, height: Int, limit: UInt64, request: StoredRequest) -> DecodedFrame? {
        let collector = AnimationCollector(width: width, height: height, request: request)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        let status = canvas.withUnsafeMutableBufferPointer { buffer in
            collector.collect { context in
                data.withUnsafeBytes { bytes in
                    avifseq_decode_frames(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, limit, buffer.baseAddress,
                                          width * 4, AnimationCollector.sink, context)
                }
            }
        }
        guard Int(status) == AVIFSEQ_OK else { return nil }
        return collector.animation(declaredWidth: width, declaredHeight: height, loopCount: 0)
    }
}
