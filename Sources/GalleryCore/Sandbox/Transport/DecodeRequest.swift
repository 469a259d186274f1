import Foundation

/// One message to a sandboxed decoder, glycin's loader's conversation: `open` a picture (what
/// it says about itself), ask it for a `frame`, ask it for an `edit` (a file); or read a list of
/// `links`. Every message names its picture (`pictureID`, kept open by the worker between
/// messages) and itself (`requestID`, which its reply must name). Sent over the worker's socket
/// as a fixed header of little-endian integers, the bytes in a sealed memfd beside it
/// (`SharedMemory`) or after it, or none when the worker holds the picture open. Every frame
/// comes back upright: the worker reads the orientation and applies it (`PicturePipeline`).
struct DecodeRequest: Equatable {
    static let magic: UInt32 = 0x5144_474C // "LGDQ"
    static let headerSize = 184

    enum Message: UInt32 {
        /// Pixels as a `FrameRequest` asks: the fit, a `clip` of the upright picture, the
        /// animation's frames; of bytes still `arriving`, what can be drawn of them.
        case frame = 0
        /// What the picture says about itself: facts and metadata (`MetadataReading`), sent back
        /// as `MetadataText`.
        case open = 1
        /// A links file: its lines, classified (`LinksDocument`), sent back as `LinksReply`.
        case links = 4
        /// The picture as a person turned it (`turn`), and cropped to `crop` when there is one,
        /// as a file (`TurnedCopy`), sent back as `TurnedCopyReply`.
        case edit = 5
    }

    var message = Message.frame
    /// The bytes come in a sealed memfd passed with the header, or in the read-only cache file
    /// of a download still arriving, not after it on the socket (`SharedMemory.worthIt`).
    var dataInSharedMemory = false
    /// Where the bytes start in that descriptor (past an arriving cache file's seal).
    var dataOffset = 0
    /// A frame's part of the picture a zoom shows, in upright source pixels; nil for all of it.
    var clip: DetailRegion?
    /// An edit's crop, of the picture as turned.
    var crop: CropArea?
    /// The bytes are what has arrived of a download so far: drawn in part, never called damaged.
    var arriving = false
    var fit: LoaderSizeGate.Fit
    var maxPixels: Int
    /// The most bytes an animation's frames may bring (`FrameRequest.animationBytes`); 0: the still.
    var animationBytes: Int
    /// The animation's frame the frames start at (`FrameRequest.firstFrame`).
    var firstFrame = 0
    /// The picture's id (`PictureBytes.id`) when the worker may keep it open for later
    /// requests; 0 for bytes of one request.
    var pictureID: UInt64 = 0
    /// No bytes come: the worker holds picture `pictureID` open (`OpenedPictures`), or answers
    /// `DecodeReply.Status.notOpen` and the app sends them.
    var bytesOmitted = false
    /// How the person turned the picture: an edit's, or a frame asked for turned (print).
    var turn = PictureTurn.none
    /// CPU seconds this one request may use before the worker dies of `RLIMIT_CPU`.
    var cpuSeconds: Int
    /// Address space the worker may map during this request (`RLIMIT_AS`, soft).
    var addressSpaceBytes: Int
    var dataLength: Int
    /// Names this request: its reply must carry the same (`DecodeReply.Header.requestID`), or it
    /// answers something else and is refused. Set for each send (`DecodeWorkerProcess.send`).
    var requestID: UInt64 = 0

    /// Pictures the app let go that the worker holds open: it drops them first (at most
    /// `maxCloses` a request).
    var closes: [UInt64] = []
    static let maxCloses = 4

    /// The furthest the bytes may start in their descriptor.
    static let maxDataOffset = 1 << 16

    /// The one slot a clip or a crop travels in.
    private var region: DetailRegion? { message == .edit ? crop?.region : clip }

    func header() -> Data {
        let (kind, a, b, c): (UInt32, Int, Int, Int)
        switch fit {
        case .inside(let maxSide): (kind, a, b, c) = (0, maxSide, 0, 0)
        case .cover(let side, let maxSide): (kind, a, b, c) = (1, side, maxSide, 0)
        case .within(let width, let height, let maxSide): (kind, a, b, c) = (2, width, height, maxSide)
        }
        var writer = LittleEndianWriter()
        writer.put32(Self.magic)
        writer.put32(kind)
        [a, b, c].forEach { writer.put32(UInt32(clamping: $0)) }
        writer.put64(UInt64(clamping: maxPixels))
        writer.put32(UInt32(clamping: animationBytes))
        writer.put32(UInt32(clamping: cpuSeconds))
        writer.put64(UInt64(clamping: dataLength))
        writer.put64(UInt64(clamping: addressSpaceBytes))
        writer.put32(message.rawValue)
        writer.put32(region == nil ? 0 : 1)
        writer.put32(dataInSharedMemory ? 1 : 0)
        for value in [region?.x, region?.y, region?.width, region?.height, region?.devicePixelsPerSourcePixel] {
            writer.put64((value ?? 0).bitPattern)
        }
        writer.put64(pictureID)
        writer.put32(bytesOmitted ? 1 : 0)
        writer.put32(UInt32(turn.quarterTurns) | (turn.mirrored ? 4 : 0))
        writer.put64(requestID)
        writer.put32(arriving ? 1 : 0)
        writer.put64(UInt64(clamping: dataOffset))
        writer.put32(UInt32(min(closes.count, Self.maxCloses)))
        for index in 0..<Self.maxCloses { writer.put64(index < closes.count ? closes[index] : 0) }
        writer.put32(UInt32(clamping: firstFrame))
        writer.pad(to: Self.headerSize)
        assert(writer.data.count == Self.headerSize, "the fields fill the header exactly")
        return writer.data
    }

    /// Nil for anything that is not a header this version writes (the worker then quits).
    init?(header: Data, maxDataLength: Int) {
        guard header.count == Self.headerSize else { return nil }
        let reader = LittleEndianReader(header)
        guard reader.u32(0) == Self.magic else { return nil }
        let a = Int(reader.u32(8)), b = Int(reader.u32(12)), c = Int(reader.u32(16))
        switch reader.u32(4) {
        case 0 where a > 0: fit = .inside(maxSide: a)
        case 1 where a > 0 && b > 0: fit = .cover(side: a, maxSide: b)
        case 2 where a > 0 && b > 0 && c > 0: fit = .within(width: a, height: b, maxSide: c)
        default: return nil
        }
        let pixels = reader.u64(20), length = reader.u64(36)
        guard pixels > 0, pixels <= UInt64(Int.max), length <= UInt64(maxDataLength) else { return nil }
        maxPixels = Int(pixels)
        animationBytes = min(Int(reader.u32(28)), ImageDecoder.defaultMaxAnimationBytes)
        cpuSeconds = Int(reader.u32(32))
        dataLength = Int(length)
        addressSpaceBytes = Int(clamping: reader.u64(44))
        guard let message = Message(rawValue: reader.u32(52)), reader.u32(60) <= 1, reader.u32(112) <= 1, reader.u32(128) <= 1
        else { return nil }
        self.message = message
        dataInSharedMemory = reader.u32(60) == 1
        pictureID = reader.u64(104)
        bytesOmitted = reader.u32(112) == 1
        let turnCode = reader.u32(116)
        guard turnCode < 8 else { return nil }
        turn = PictureTurn(quarterTurns: Int(turnCode & 3), mirrored: turnCode & 4 != 0)
        requestID = reader.u64(120)
        arriving = reader.u32(128) == 1
        // Only within a descriptor, and no further in than a cache file's seal.
        guard reader.u64(132) <= UInt64(Self.maxDataOffset), reader.u64(132) == 0 || dataInSharedMemory else { return nil }
        dataOffset = Int(reader.u64(132))
        guard reader.u32(140) <= UInt32(Self.maxCloses) else { return nil }
        closes = (0..<Int(reader.u32(140))).map { reader.u64(144 + 8 * $0) }
        // A frame of an animation the app plays (`AnimationExtent`), and only of a frame's.
        guard reader.u32(176) < UInt32(AnimationFrames.maxFrameCount), reader.u32(176) == 0 || message == .frame else { return nil }
        firstFrame = Int(reader.u32(176))
        // Only a picture kept open can be asked for by its id alone, and then with no bytes;
        // only a frame is of bytes still arriving.
        guard !bytesOmitted || (pictureID != 0 && length == 0 && !dataInSharedMemory) else { return nil }
        guard !arriving || message == .frame else { return nil }
        if reader.u32(56) != 0 {
            let values = (0..<5).map { Double(bitPattern: reader.u64(64 + 8 * $0)) }
            // Finite and within the largest picture there is, or no region at all.
            guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Double(PixelSize.maxSide) }) else { return nil }
            let region = DetailRegion(x: values[0], y: values[1], width: values[2], height: values[3],
                                      devicePixelsPerSourcePixel: values[4])
            switch message {
            case .frame: clip = region
            // A crop that is not a whole-pixel area is no crop anyone asked for.
            case .edit: guard let crop = CropArea(region: region) else { return nil }
                self.crop = crop
            case .open, .links: return nil
            }
        }
    }

    init(fit: LoaderSizeGate.Fit, maxPixels: Int, animationBytes: Int = 0, limits: DecodeWorkerPool.Limits, dataLength: Int) {
        self.fit = fit
        self.maxPixels = maxPixels
        self.animationBytes = animationBytes
        cpuSeconds = limits.cpuSeconds
        addressSpaceBytes = limits.addressSpaceBytes
        self.dataLength = dataLength
    }
}
