import CGtk
import Foundation

/// The worker's answers to the three messages about a picture, and to a list: each runs the
/// steps the in-process loader runs (`InProcessPictureLoader`), on the picture this worker
/// opened once and keeps under the app's id (`OpenedPictures`).
extension DecodeWorker {
    static func answer(_ request: DecodeRequest, data: Data, opened: inout OpenedPictures, fault: DecodeWorkerFault?) -> WorkerReply {
        if request.message == .links {
            fault?.readingList()
            let read = LinksDocument.read(data)
            return WorkerReply.blob(LinksReply.encode(fault?.misread(read) ?? read))
        }
        let kept = request.bytesOmitted ? opened.take(request.pictureID) : nil
        guard kept != nil || !request.bytesOmitted else { return WorkerReply(header: DecodeReply.Header(status: .notOpen)) }
        // Opened once: kept under the app's id, every later request of it reuses it.
        let picture = kept.map { Result.success($0) } ?? Result { () throws(LoadError) in
            try OpenedPicture(data, arriving: request.arriving)
        }
        if kept == nil, case .success(let newlyOpened) = picture { opened.keep(newlyOpened, as: request.pictureID) }
        switch request.message {
        case .open:
            // The facts opening read, where it could open it; else what the bytes say.
            let metadata = kept.map { MetadataReading.read($0.data, facts: $0.facts) } ?? MetadataReading.read(data)
            return WorkerReply.text(MetadataText.encode(metadata))
        case .edit: return edit(picture, request)
        case .frame, .links: return fault.map { $0.act(decoding: { frame(picture, request) }) } ?? frame(picture, request)
        }
    }

    /// The reply to an edit: the file, or why there is none.
    private static func edit(_ opened: Result<OpenedPicture, LoadError>, _ request: DecodeRequest) -> WorkerReply {
        let (made, refusedBy) = DecoderRefusal.tracking { () throws(LoadError) in
            try TurnedCopy.make(opened.get(), turn: request.turn, crop: request.crop, maxPixels: request.maxPixels)
        }
        switch made {
        case .success(let file): return WorkerReply.blob(TurnedCopyReply.encode(file))
        case .failure(let error): return failure(error, refusedBy: refusedBy)
        }
    }

    /// A failure's reply, naming the library that refused when one did.
    private static func failure(_ error: LoadError, refusedBy library: String?) -> WorkerReply {
        var header = DecodeReply.Header(status: .failed(error))
        header.refusedBy = DecoderRegistry.code(of: library)
        return WorkerReply(header: header)
    }

    /// The reply to a frame: the request as a frame request of the picture
    /// (`PicturePipeline.frame`, run here), then header, still pixels, and each frame's delay
    /// and pixels.
    private static func frame(_ opened: Result<OpenedPicture, LoadError>, _ request: DecodeRequest) -> WorkerReply {
        let gate = LoaderSizeGate(maxPixels: request.maxPixels, fit: request.fit, countsPixels: false)
        let asked = FrameRequest(fit: request.fit, clip: request.clip, animationBytes: request.animationBytes,
                                 firstFrame: request.firstFrame, turn: request.turn)
        let (decoded, refusedBy) = DecoderRefusal.tracking { () throws(LoadError) in
            try PicturePipeline.frame(opened.get(), asked, gate: gate, arriving: request.arriving)
        }
        let frame: DecodedFrame
        switch decoded {
        case .success(let decoded?): frame = decoded
        case .success(nil): return WorkerReply(header: DecodeReply.Header(status: .nothingYet))
        case .failure(let error): return failure(error, refusedBy: refusedBy)
        }
        let loaded = frame, still = loaded.pointer
        let frames = loaded.framePixels ?? []
        let width = Int(gdk_pixbuf_get_width(still)), height = Int(gdk_pixbuf_get_height(still))
        // A clip's whole picture, or the picture's own declared size (upright, as its pixels).
        let placement = frame.placement
        let whole = placement?.imageSize ?? PixelSize(width: loaded.declaredWidth, height: loaded.declaredHeight)
        var reply = WorkerReply(header: DecodeReply.Header(
            status: .picture, declaredWidth: whole.width, declaredHeight: whole.height,
            width: width, height: height, channels: Int(gdk_pixbuf_get_n_channels(still)), frameCount: frames.count,
            loopCount: frames.isEmpty ? 0 : loaded.loopCount,
            originX: placement?.origin.x ?? 0, originY: placement?.origin.y ?? 0,
            scaleEighths: placement.map { Int(($0.scale * 8).rounded()) } ?? 8, placed: placement != nil))
        reply.parts.append(.pixels(loaded.pixbuf))
        for frame in frames {
            var delay = LittleEndianWriter()
            delay.put32(UInt32(clamping: frame.milliseconds))
            reply.parts.append(.bytes(delay.data))
            reply.parts.append(.pixels(frame.pixbuf))
        }
        return reply
    }
}
