import Foundation

/// The app's check of a frame a worker sent (`SandboxedPictureLoader.frame`): what comes back
/// is held to what was asked before it becomes a pixbuf.
///
/// Of the bytes, the app reads the magic number (`ContentSniffer`: SVGs get their own limits, a
/// format that may animate may bring frames) and nothing else: the worker applies the pixel
/// limit to what the picture declares. The request was let in with the most pixels its reply
/// may bring (`mostPixels`); when the reply's header tells how many it brings, the rest is
/// given back (the worker's own memory is its own, bounded by its address-space limit).
/// Colour conversion and orientation happened in the worker.
enum SandboxedDecoding {
    /// The most pixels a reply may bring for a request: `mostPixels`, a decode is let in with
    /// them (`DecodeThreads.run`) and the reply is held to them.
    /// `animation`: the picture's frames as opening counted them, asked for (all, or a first
    /// span: `AnimationExtent.spanBytes`) when they play within `animationBytes`; their still
    /// comes at full size then, at most the canvas.
    static func mostPixels(_ data: Data, fit: LoaderSizeGate.Fit, maxPixels: Int, animation: AnimationExtent?, animationBytes: Int) -> Int {
        if let animation, let spanBytes = animation.spanBytes(within: animationBytes) {
            return min(maxPixels, animation.canvas.pixels) + spanBytes / 4
        }
        let format = ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength))
        return replySize(fit: format == .svg ? SVGLimits.cappedFit(fit) : fit, maxPixels: maxPixels, animated: false).still
    }

    /// A still picture's pixels at most; an animation that plays comes at full size (the worker
    /// decides: `PicturePipeline.frame`), its frames' bytes besides.
    static func replySize(fit: LoaderSizeGate.Fit, maxPixels: Int, animated: Bool) -> (still: Int, playing: Int) {
        let still = min(maxPixels, fit.mostPixels)
        return (still, animated ? min(maxPixels, LoaderSizeGate.Fit.inside(maxSide: fit.maxSide).mostPixels) : still)
    }

    /// The reply as a pixbuf (and frames), after every number in it was checked. A reply that
    /// does not add up is `couldNotDecode`: the worker misbehaved, the file may be fine.
    static func picture(
        from reply: (header: DecodeReply.Header, body: ReplyBody), maxStillPixels: Int, maxPixels: Int, maxAnimationBytes: Int
    ) throws(LoadError) -> DecodedFrame {
        let header = reply.header
        if case .failed(let error) = header.status { throw error }
        // Every product overflow-checked: the fields are 32-bit, their products need not fit.
        let (declaredPixels, declaredOverflow) = header.declaredWidth.multipliedReportingOverflow(by: header.declaredHeight)
        let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard header.width > 0, header.height > 0, !overflow, pixels <= maxStillPixels,
              header.channels == 3 || header.channels == 4, !declaredOverflow, declaredPixels > 0,
              declaredPixels <= maxPixels, (0...AnimationFrames.maxFrameCount).contains(header.frameCount),
              pixels * 4 * header.frameCount <= maxAnimationBytes, // small factors now: no overflow
              let bodyLength = header.bodyLength, reply.body.count == bodyLength else {
            throw .couldNotDecode // the worker's answer is not what was asked: its fault, not the file's
        }
        let stillLength = header.width * header.height * header.channels
        guard let still = reply.body.pixbuf(at: 0, width: header.width, height: header.height, channels: header.channels)
        else { throw .tooLarge }
        var frames: [AnimationFrames.FramePixels] = []
        var offset = stillLength
        let frameLength = header.width * header.height * 4
        for _ in 0..<header.frameCount {
            let delay = LittleEndianReader(reply.body.data(at: offset, length: 4)).u32(0)
            guard let pixels = reply.body.pixbuf(at: offset + 4, width: header.width, height: header.height, channels: 4) else {
                throw .tooLarge
            }
            frames.append(AnimationFrames.FramePixels(pixbuf: pixels, milliseconds: max(1, Int(delay))))
            offset += 4 + frameLength
        }
        return DecodedFrame(pixbuf: still, declaredWidth: header.declaredWidth, declaredHeight: header.declaredHeight,
                                    framePixels: frames.isEmpty ? nil : frames, loopCount: header.loopCount)
    }
}
