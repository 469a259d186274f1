import Foundation

/// The app's side of a sandboxed decode: every format whose decoder is not the project's own
/// bounded JPEG and PNG code (gdk-pixbuf's GIF, WebP, BMP, ICO and TIFF loaders, libheif for
/// HEIF and AVIF, librsvg) runs in a `DecodeWorkerPool` worker, and what comes back is checked
/// against what was asked before it becomes a pixbuf.
///
/// The pixels it may bring back are taken from the decode budget before it starts, from the
/// size the header declares (or the most the fit allows): the worker's own memory is its own,
/// bounded by its address-space limit. Colour conversion happened in the worker, where the
/// hostile profile was parsed.
enum SandboxedDecoding {
    static let formats: Set<ImageFormat> = [.gif, .webp, .bmp, .ico, .tiff, .svg, .avif, .heif]

    /// Whether `format` is decoded in a worker here (never inside a worker itself).
    static func handles(_ format: ImageFormat?) -> Bool {
        guard let format, formats.contains(format) else { return false }
        return !DecodeWorker.isWorker && DecoderIsolation.current == .sandboxed
    }

    static func load(_ data: Data, format: ImageFormat, gate: LoaderSizeGate, keepAnimation: Bool,
                     pool: DecodeWorkerPool = .shared) throws(ImageLoadError) -> PixbufLoading.Loaded {
        let vector = format == .svg
        let fit = vector ? SVGRenderer.cappedFit(gate.fit) : gate.fit
        let limits = vector ? DecodeWorkerPool.vectorLimits : DecodeWorkerPool.rasterLimits
        let declared = vector ? nil : ImageHeaderSize.declaredSize(of: data)
        if let declared {
            let (pixels, overflow) = declared.width.multipliedReportingOverflow(by: declared.height)
            guard !overflow, pixels <= gate.maxPixels else { throw .tooLarge }
        }
        let stillPixels = outputPixels(fit: fit, declared: declared, maxPixels: gate.maxPixels)
        let animated = keepAnimation && format == .gif
        let animationBytes = animated ? ImageDecoder.defaultMaxAnimationBytes : 0
        let budget = vector ? SVGRenderer.budgetPixels(for: fit) : stillPixels + animationBytes / 4
        guard gate.reserve(pixels: budget) else { throw .cancelled }
        var handedOver = false
        defer { if !handedOver { gate.releaseBudget() } }

        let request = DecodeRequest(fit: fit, maxPixels: gate.maxPixels, keepAnimation: animated, limits: limits,
                                    dataLength: data.count)
        let maxBody = stillPixels * 4 + animationBytes + 4 * AnimationFrames.maxFrameCount
        let reply = try pool.decode(data, request: request, limits: limits, maxBodyLength: maxBody,
                                    cancellation: gate.cancellation)
        var loaded = try picture(from: reply, maxStillPixels: stillPixels, maxPixels: gate.maxPixels,
                                 maxAnimationBytes: animationBytes)
        handedOver = true
        loaded.budget = gate.takeReservation()
        return loaded
    }

    /// The most pixels the still may have: the declared size fitted, or the fit's bound.
    static func outputPixels(fit: LoaderSizeGate.Fit, declared: (width: Int, height: Int)?, maxPixels: Int) -> Int {
        if let declared {
            let target = LoaderSizeGate.targetSize(width: declared.width, height: declared.height, fit: fit)
            return target.map { $0.width * $0.height } ?? declared.width * declared.height
        }
        return min(maxPixels, SVGRenderer.outputPixels(for: fit))
    }

    /// The reply as a pixbuf (and frames), after every number in it was checked. A reply that
    /// does not add up is `couldNotDecode`: the worker misbehaved, the file may be fine.
    static func picture(
        from reply: (header: DecodeReply.Header, body: Data), maxStillPixels: Int, maxPixels: Int, maxAnimationBytes: Int
    ) throws(ImageLoadError) -> PixbufLoading.Loaded {
        let header = reply.header
        if case .failed(let error) = header.status { throw error }
        // Every product overflow-checked: the fields are 32-bit, their products need not fit.
        let (declaredPixels, declaredOverflow) = header.declaredWidth.multipliedReportingOverflow(by: header.declaredHeight)
        let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard header.width > 0, header.height > 0, !overflow, pixels <= maxStillPixels,
              header.channels == 3 || header.channels == 4, !declaredOverflow, declaredPixels > 0,
              declaredPixels <= maxPixels, header.frameCount == 0 || (2...AnimationFrames.maxFrameCount).contains(header.frameCount),
              pixels * 4 * header.frameCount <= maxAnimationBytes, // small factors now: no overflow
              let bodyLength = header.bodyLength, reply.body.count == bodyLength else {
            throw .couldNotDecode // the worker's answer is not what was asked: its fault, not the file's
        }
        let stillLength = header.width * header.height * header.channels
        guard let still = DecodeReply.pixbuf(reply.body.prefix(stillLength), width: header.width, height: header.height,
                                             channels: header.channels) else { throw .tooLarge }
        var frames: [AnimationFrames.FramePixels] = []
        var offset = stillLength
        let frameLength = header.width * header.height * 4
        for _ in 0..<header.frameCount {
            let delay = LittleEndianReader(reply.body.subdata(in: offset..<offset + 4)).u32(0)
            guard let pixels = DecodeReply.pixbuf(reply.body.subdata(in: offset + 4..<offset + 4 + frameLength),
                                                  width: header.width, height: header.height, channels: 4) else {
                throw .tooLarge
            }
            frames.append(AnimationFrames.FramePixels(pixbuf: pixels, milliseconds: max(1, Int(delay))))
            offset += 4 + frameLength
        }
        return PixbufLoading.Loaded(pixbuf: still, declaredWidth: header.declaredWidth, declaredHeight: header.declaredHeight,
                                    framePixels: frames.isEmpty ? nil : frames, loopCount: header.loopCount)
    }
}
