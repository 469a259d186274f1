import Foundation

/// What the app asks a sandboxed decoder for: the bytes (a picture's, or a links file's), what
/// for (`Purpose`), how big the result may be, and whether to bring an animation's frames. Sent
/// over the worker's socket as a fixed header of little-endian integers, the bytes in a sealed
/// memfd beside it (`SharedMemory`). Every picture comes back upright: the worker reads the
/// orientation and applies it (`PicturePipeline`).
struct DecodeRequest: Equatable {
    static let magic: UInt32 = 0x5144_474C // "LGDQ"
    static let headerSize = 128

    enum Purpose: UInt32 {
        /// The picture at the fit: a thumbnail (cover), a page (within the screen), full size.
        case picture = 0
        /// What the file says about itself (`MetadataReading`).
        case metadata = 1
        /// Finer than a page: the `region` of a baseline JPEG, or every pixel.
        case detail = 2
        /// The part of a download that has arrived, drawn as the whole will be (within the fit).
        case arriving = 3
        /// A links file: its lines, classified (`LinksDocument`), sent back as `LinksReply`.
        case links = 4
        /// The picture as a person turned it (`turn`), and cropped to `region` when there is one,
        /// as a file (`TurnedCopy`), sent back as `TurnedCopyReply`.
        case turnedCopy = 5
    }

    var purpose = Purpose.picture
    /// The bytes come in a sealed memfd passed with the header, not after it on the socket
    /// (`SharedMemory.worthIt`).
    var dataInSharedMemory = false
    /// For `.detail`: the part a zoom shows; nil for every pixel. For `.turnedCopy`: the crop.
    var region: DetailRegion?
    var fit: LoaderSizeGate.Fit
    var maxPixels: Int
    var keepAnimation: Bool
    /// The picture's id (`PictureBytes.id`) when the worker may keep it open for later
    /// requests; 0 for bytes of one request.
    var pictureID: UInt64 = 0
    /// No bytes come: the worker holds picture `pictureID` open (`OpenedPictures`), or answers
    /// `DecodeReply.Status.notOpen` and the app sends them.
    var bytesOmitted = false
    /// How the person turned the picture: a turned copy's, or a picture asked for turned (print).
    var turn = PictureTurn.none
    /// CPU seconds this one decode may use before the worker dies of `RLIMIT_CPU`.
    var cpuSeconds: Int
    /// Address space the worker may map during this decode (`RLIMIT_AS`, soft).
    var addressSpaceBytes: Int
    var dataLength: Int
    /// Names this request: its reply must carry the same (`DecodeReply.Header.requestID`), or it
    /// answers something else and is refused. Set for each send (`DecodeWorkerProcess.send`).
    var requestID: UInt64 = 0

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
        writer.put32(keepAnimation ? 1 : 0)
        writer.put32(UInt32(clamping: cpuSeconds))
        writer.put64(UInt64(clamping: dataLength))
        writer.put64(UInt64(clamping: addressSpaceBytes))
        writer.put32(purpose.rawValue)
        writer.put32(region == nil ? 0 : 1)
        writer.put32(dataInSharedMemory ? 1 : 0)
        for value in [region?.x, region?.y, region?.width, region?.height, region?.devicePixelsPerSourcePixel] {
            writer.put64((value ?? 0).bitPattern)
        }
        writer.put64(pictureID)
        writer.put32(bytesOmitted ? 1 : 0)
        writer.put32(UInt32(turn.quarterTurns) | (turn.mirrored ? 4 : 0))
        writer.put64(requestID)
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
        keepAnimation = reader.u32(28) != 0
        cpuSeconds = Int(reader.u32(32))
        dataLength = Int(length)
        addressSpaceBytes = Int(clamping: reader.u64(44))
        guard let purpose = Purpose(rawValue: reader.u32(52)), reader.u32(60) <= 1, reader.u32(112) <= 1 else { return nil }
        self.purpose = purpose
        dataInSharedMemory = reader.u32(60) == 1
        pictureID = reader.u64(104)
        bytesOmitted = reader.u32(112) == 1
        let turnCode = reader.u32(116)
        guard turnCode < 8 else { return nil }
        turn = PictureTurn(quarterTurns: Int(turnCode & 3), mirrored: turnCode & 4 != 0)
        requestID = reader.u64(120)
        // Only a picture kept open can be asked for by its id alone, and then with no bytes.
        guard !bytesOmitted || (pictureID != 0 && length == 0 && !dataInSharedMemory) else { return nil }
        if reader.u32(56) != 0 {
            let values = (0..<5).map { Double(bitPattern: reader.u64(64 + 8 * $0)) }
            // Finite and within the largest picture there is, or no region at all.
            guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Double(PixelSize.maxSide) }) else { return nil }
            region = DetailRegion(x: values[0], y: values[1], width: values[2], height: values[3],
                                  devicePixelsPerSourcePixel: values[4])
        }
    }

    init(fit: LoaderSizeGate.Fit, maxPixels: Int, keepAnimation: Bool, limits: DecodeWorkerPool.Limits, dataLength: Int) {
        self.fit = fit
        self.maxPixels = maxPixels
        self.keepAnimation = keepAnimation
        cpuSeconds = limits.cpuSeconds
        addressSpaceBytes = limits.addressSpaceBytes
        self.dataLength = dataLength
    }
}

/// Little-endian integers into a byte buffer.
struct LittleEndianWriter {
    private(set) var data = Data()

    mutating func put32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func put64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func put(_ bytes: Data) { data.append(bytes) }
    mutating func pad(to size: Int) { if data.count < size { data.append(Data(count: size - data.count)) } }
}

/// Little-endian integers out of a fixed-size header (the caller checked its length).
struct LittleEndianReader {
    let data: Data

    init(_ data: Data) { self.data = Data(data) } // indices from 0

    func u32(_ offset: Int) -> UInt32 {
        data.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    func u64(_ offset: Int) -> UInt64 {
        data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }
}
