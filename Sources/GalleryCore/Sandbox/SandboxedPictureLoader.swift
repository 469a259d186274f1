import Foundation

/// The app's loader: each call is one message to a `DecodeWorkerPool` worker
/// (`DecodeRequest.Message`), whose reply names the request and is checked against it before
/// anything of it is used. A picture kept open (`PictureBytes(kept:)`) crosses to a worker once;
/// later messages about it carry only its id.
struct SandboxedPictureLoader: PictureLoader {
    var pool: DecodeWorkerPool = .shared

    func frame(_ bytes: PictureBytes, _ request: FrameRequest, gate: LoaderSizeGate) throws(LoadError) -> DecodedFrame? {
        let format = ContentSniffer.imageFormat(of: bytes.data.prefix(ContentSniffer.preferredPrefixLength))
        let vector = format == .svg
        let fit = vector ? SVGLimits.cappedFit(gate.fit) : gate.fit
        let limits = vector ? DecodeWorkerPool.vectorLimits : DecodeWorkerPool.rasterLimits
        let animationBytes = format?.mayAnimate == true ? min(max(0, request.animationBytes), ImageDecoder.defaultMaxAnimationBytes) : 0
        let (stillPixels, playingPixels) = SandboxedDecoding.replySize(fit: fit, maxPixels: gate.maxPixels, animated: animationBytes > 0)
        var message = DecodeRequest(fit: fit, maxPixels: gate.maxPixels, animationBytes: animationBytes, limits: limits,
                                    dataLength: bytes.count)
        message.firstFrame = animationBytes > 0 ? request.firstFrame : 0
        message.clip = request.clip
        message.turn = request.turn
        message.arriving = !bytes.complete
        let maxBody = playingPixels * 4 + animationBytes + 4 * AnimationFrames.maxFrameCount
        var handedOver = false
        defer { if !handedOver { gate.releaseBudget() } }
        let reply = try pool.decode(bytes, request: message, limits: limits, maxBodyLength: maxBody,
                                    cancellation: gate.cancellation) { header throws(LoadError) in
            // Sides and channels are bounded by `decodeHeader`: these products fit.
            let pixels = header.width * header.height, framePixels = pixels * header.frameCount
            guard header.status == .picture else { return }
            guard pixels <= (header.frameCount > 0 ? playingPixels : stillPixels), framePixels * 4 <= animationBytes else {
                throw .couldNotDecode
            }
            guard gate.reserve(pixels: pixels + framePixels) else { throw .cancelled }
        }
        if reply.header.status == .nothingYet, message.arriving { return nil }
        gate.cancellation?.refusedBy = DecoderRegistry.library(code: reply.header.refusedBy)
        var loaded = try SandboxedDecoding.picture(from: reply, maxStillPixels: playingPixels, maxPixels: gate.maxPixels,
                                                   maxAnimationBytes: animationBytes)
        handedOver = true
        loaded.budget = gate.takeReservation()
        let header = reply.header
        // Placed only where a clip was asked for: a worker cannot move a whole picture.
        loaded.placement = header.placed && request.clip != nil
            ? FramePlacement(imageSize: PixelSize(width: header.declaredWidth, height: header.declaredHeight),
                                        origin: (header.originX, header.originY), scale: Double(header.scaleEighths) / 8)
            : nil
        return loaded
    }
}
