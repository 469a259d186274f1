import Foundation

/// `edit` as a message: a worker makes the file from the opened picture (`TurnedCopy`, run
/// there), and gets only the picture's id when it holds it already.
extension SandboxedPictureLoader {
    func edit(_ bytes: PictureBytes, _ edit: PictureEdit, maxPixels: Int) throws(LoadError) -> TurnedCopy.File {
        let limits = DecodeWorkerPool.rasterLimits
        var request = DecodeRequest(fit: .inside(maxSide: 1), maxPixels: maxPixels, limits: limits,
                                    dataLength: bytes.count)
        request.message = .edit
        request.turn = edit.turn
        request.crop = edit.crop
        let maxBody = TurnedCopy.maxFileBytes + TurnedCopyReply.headerBytes + LinksReply.rowBytes
        let reply = try pool.decode(bytes, request: request, limits: limits, maxBodyLength: maxBody,
                                    cancellation: DecodeCancellation.current)
        if case .failed(let error) = reply.header.status {
            DecodeCancellation.current?.refusedBy = DecoderRegistry.library(code: reply.header.refusedBy)
            throw error
        }
        guard reply.header.status == .picture, reply.header.channels == 1, reply.header.width == LinksReply.rowBytes,
              let file = TurnedCopyReply.decode(reply.body.data(at: 0, length: reply.body.count)) else {
            throw .couldNotDecode // not what was asked: the worker's fault, not the picture's
        }
        return TurnedCopy.File(data: file.data, format: file.format)
    }
}
