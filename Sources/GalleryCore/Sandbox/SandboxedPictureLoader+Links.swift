import Foundation

/// `links` as a message: a links file's lines are split, decoded and classified in a worker
/// (`LinksDocument.read`, run there), like every untrusted byte, and come back as a
/// `LinksReply` the app only bounds-checks.
extension SandboxedPictureLoader {
    /// Parsing 100,000 lines takes a fraction of a second; the costliest list the size limit
    /// allows (32 MiB of links written in Chinese characters, each escaped) took 10.1 s of CPU
    /// in a debug build on a busy machine, right at the ten seconds it had (and failed the test
    /// that reads it now and then). Twenty seconds of CPU, as a picture gets, still bounds a
    /// file built to make the classifier crawl; a slow machine gets thirty of wall clock.
    static let linksLimits = DecodeWorkerPool.Limits(cpuSeconds: 20, wallSeconds: 30, addressSpaceBytes: 2 << 30)

    func links(_ data: Data, cancellation: DecodeCancellation) -> LinksRead? {
        let limits = Self.linksLimits
        var request = DecodeRequest(fit: .inside(maxSide: 1), maxPixels: 1, limits: limits,
                                    dataLength: data.count)
        request.message = .links
        guard let reply = try? pool.decode(PictureBytes(oneOff: data), request: request, limits: limits,
                                           maxBodyLength: LinksReply.maxLength(inputBytes: data.count), cancellation: cancellation),
              reply.header.status == .picture, reply.header.channels == 1, reply.header.width == LinksReply.rowBytes
        else { return nil }
        let bytes = reply.body.sharedData
        return LinksReply.decode(bytes, file: data).map { LinksRead(document: $0, reply: bytes) }
    }
}
