import Foundation

/// The app's side of a turned copy (Save Image As… of a turned picture): made by a worker from
/// the opened picture (`TurnedCopy`, run there), which gets only the picture's id when it holds
/// it already; or here, where pictures are decoded in this process.
enum SandboxedTurnedCopy {
    /// The largest file a copy may be: a 100-megapixel picture as an uncompressed TIFF, and its
    /// metadata.
    static let maxFileBytes = ImageDecoder.defaultMaxPixels * 4 + (1 << 20)

    static func make(_ bytes: PictureBytes, turn: PictureTurn, crop: CropArea? = nil, maxPixels: Int,
                     pool: DecodeWorkerPool = .shared) throws(LoadError) -> (data: Data, format: ImageFormat) {
        guard !PicturePipeline.decodesHere else {
            let file = try TurnedCopy.make(OpenedPicture(bytes.data), turn: turn, crop: crop, maxPixels: maxPixels)
            return (file.data, file.format)
        }
        let limits = DecodeWorkerPool.rasterLimits
        var request = DecodeRequest(fit: .inside(maxSide: 1), maxPixels: maxPixels, keepAnimation: false, limits: limits,
                                    dataLength: bytes.count)
        request.purpose = .turnedCopy
        request.turn = turn
        request.region = crop?.region
        let maxBody = maxFileBytes + TurnedCopyReply.headerBytes + LinksReply.rowBytes
        let reply = try pool.decode(bytes, request: request, limits: limits, maxBodyLength: maxBody,
                                    cancellation: DecodeCancellation.current)
        if case .failed(let error) = reply.header.status { throw error }
        guard reply.header.status == .picture, reply.header.channels == 1, reply.header.width == LinksReply.rowBytes,
              let file = TurnedCopyReply.decode(reply.body.data(at: 0, length: reply.body.count)) else {
            throw .couldNotDecode // not what was asked: the worker's fault, not the picture's
        }
        return file
    }
}
