import CWebPAnimation
import Foundation

/// Every frame of an animated WebP, composed on its canvas by libwebp's animation decoder, with
/// its duration and the file's loop count, when a page asks for the frames
/// (`StoredRequest.frames`); gdk-pixbuf's loader, after it, gives the first frame alone (the
/// thumbnail, or an animation too long to keep).
enum AnimatedWebPDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "libwebp"

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard request.frames, picture.facts.animated, let size = picture.facts.size, size.width > 0, size.height > 0 else { return nil }
        guard size.pixels <= gate.maxPixels else { throw .tooLarge }
        let collector = AnimationCollector(width: size.width, height: size.height, request: request)
        var loops: UInt32 = 0
        let status = collector.collect { context in
            picture.data.withUnsafeBytes { data in
                webpanim_decode_frames(data.bindMemory(to: UInt8.self).baseAddress, data.count, UInt32(size.width),
                                       UInt32(size.height), AnimationCollector.sink, context, &loops)
            }
        }
        guard Int(status) == WEBPANIM_OK else { return nil } // the loader judges the file
        return collector.animation(declaredWidth: size.width, declaredHeight: size.height, loopCount: Int(loops))
    }
}
