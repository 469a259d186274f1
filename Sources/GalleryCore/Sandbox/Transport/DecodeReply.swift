import CGtk
import Foundation
import GObjectSupport

/// What a sandboxed decoder answers: a status, and for a picture its sizes and pixels (rows
/// packed, RGB or RGBA), then for an animation each frame's delay and RGBA pixels at the same
/// size. Everything in it comes from a process that decoded hostile bytes, so the reading side
/// checks every number against what the request allowed before it reads a byte of pixels.
enum DecodeReply {
    static let magic: UInt32 = 0x5244_474C // "LGDR"
    static let headerSize = 72

    /// The fields before the pixels.
    struct Header: Equatable {
        var status: Status
        var declaredWidth = 0
        var declaredHeight = 0
        var width = 0
        var height = 0
        var channels = 0
        var frameCount = 0
        var loopCount = 0
        /// For a frame of a clip (`placed`): where its pixels start in the upright picture at
        /// `scaleEighths`/8, of which `declaredWidth` × `declaredHeight` is the whole.
        var originX = 0
        var originY = 0
        var scaleEighths = 8
        /// The body is in the memfd the request brought, not after the header on the socket.
        var bodyInSharedMemory = false
        /// The pixels are a clip of the picture, placed by `originX`, `originY` and
        /// `scaleEighths` (`FramePlacement`); else they are all of it.
        var placed = false
        /// For a failure: the library that refused, as `DecoderRegistry.code(of:)` numbers it;
        /// 0 when none is known.
        var refusedBy = 0
        /// The request this answers (`DecodeRequest.requestID`): the app refuses a reply that
        /// names another.
        var requestID: UInt64 = 0

        /// Bytes of pixels that follow: the still, and each frame with its 4-byte delay. Nil when
        /// that does not fit in an `Int` (the fields were set by hand, not read by
        /// `decodeHeader`, which bounds them).
        var bodyLength: Int? {
            let (pixels, overflowPixels) = width.multipliedReportingOverflow(by: height)
            let (still, overflowStill) = pixels.multipliedReportingOverflow(by: channels)
            let (frame, overflowFrame) = pixels.multipliedReportingOverflow(by: 4)
            let (frames, overflowFrames) = (frame + 4).multipliedReportingOverflow(by: frameCount)
            guard !overflowPixels, !overflowStill, !overflowFrame, !overflowFrames else { return nil }
            let (total, overflowTotal) = still.addingReportingOverflow(frames)
            return overflowTotal ? nil : total
        }
    }

    enum Status: Equatable {
        case picture
        /// Nothing of an arriving picture can be drawn yet; more bytes may change that.
        case nothingYet
        /// The request named a picture by its id alone, and this worker does not hold it open:
        /// the app sends its bytes.
        case notOpen
        case failed(LoadError)

        var code: (UInt32, UInt32) {
            switch self {
            case .picture: (0, 0)
            case .nothingYet: (6, 0)
            case .notOpen: (7, 0)
            case .failed(.damaged): (1, 0)
            case .failed(.tooLarge): (2, 0)
            case .failed(.notAnImage): (3, 0)
            case .failed(.unsupportedFormat(let format)): (4, UInt32(ImageFormat.allCases.firstIndex(of: format) ?? 0))
            case .failed(.tooSlowToDraw): (5, 0)
            case .failed(.cancelled): (9, 0)
            case .failed(.outOfMemory): (10, 0)
            case .failed(.tooMuchToDraw): (11, 0)
            // A decoder's failure that is not the file's fault (a reply it could not make), and
            // anything else a worker has no business saying (network failures): never "damaged",
            // which would forget the original.
            case .failed: (8, 0)
            }
        }

        init?(code: UInt32, detail: UInt32) {
            switch code {
            case 0: self = .picture
            case 1: self = .failed(.damaged)
            case 2: self = .failed(.tooLarge)
            case 3: self = .failed(.notAnImage)
            case 4:
                guard Int(detail) < ImageFormat.allCases.count else { return nil }
                self = .failed(.unsupportedFormat(ImageFormat.allCases[Int(detail)]))
            case 5: self = .failed(.tooSlowToDraw)
            case 6: self = .nothingYet
            case 7: self = .notOpen
            case 8: self = .failed(.couldNotDecode)
            case 9: self = .failed(.cancelled)
            case 10: self = .failed(.outOfMemory)
            case 11: self = .failed(.tooMuchToDraw)
            default: return nil
            }
        }
    }

    static func encode(_ header: Header) -> Data {
        var writer = LittleEndianWriter()
        writer.put32(magic)
        let (code, detail) = header.status.code
        writer.put32(code)
        writer.put32(detail)
        for field in [header.declaredWidth, header.declaredHeight, header.width, header.height, header.channels,
                      header.frameCount, header.loopCount, header.originX, header.originY, header.scaleEighths,
                      header.bodyInSharedMemory ? 1 : 0, header.placed ? 1 : 0,
                      header.refusedBy] {
            writer.put32(UInt32(clamping: field))
        }
        writer.put64(header.requestID)
        return writer.data
    }

    /// The header, or nil when it is not one (a confused or hostile worker). Sides above
    /// `PixelSize.maxSide`, more than 4 channels or more frames than an animation may have are
    /// not a header either: every product of its fields then fits in an `Int`.
    static func decodeHeader(_ data: Data) -> Header? {
        guard data.count == headerSize else { return nil }
        let reader = LittleEndianReader(data)
        guard reader.u32(0) == magic, let status = Status(code: reader.u32(4), detail: reader.u32(8)) else { return nil }
        let fields = (0..<13).map { Int(reader.u32(12 + 4 * $0)) }
        guard fields[0...3].allSatisfy({ $0 <= PixelSize.maxSide }), fields[4] <= 4,
              fields[5] <= AnimationFrames.maxFrameCount, fields[7...8].allSatisfy({ $0 <= PixelSize.maxSide }),
              (1...8).contains(fields[9]), fields[10...11].allSatisfy({ $0 <= 1 }),
              fields[12] <= DecoderRegistry.libraries.count else { return nil }
        return Header(status: status, declaredWidth: fields[0], declaredHeight: fields[1], width: fields[2],
                      height: fields[3], channels: fields[4], frameCount: fields[5], loopCount: fields[6],
                      originX: fields[7], originY: fields[8], scaleEighths: fields[9], bodyInSharedMemory: fields[10] == 1,
                      placed: fields[11] == 1, refusedBy: fields[12], requestID: reader.u64(64))
    }
}
