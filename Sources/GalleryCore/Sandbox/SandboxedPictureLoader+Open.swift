import Foundation

/// `open` as a message: a worker opens the picture (or answers from the one it holds open under
/// its id, so the properties of the page on screen ship no byte) and sends what it says about
/// itself as `MetadataText`, under a small CPU allowance (reading metadata takes milliseconds;
/// a file built to make Exiv2 loop gets one second). A worker that dies or answers nonsense
/// means no metadata, never a failure the person sees.
extension SandboxedPictureLoader {
    static let openLimits = DecodeWorkerPool.Limits(cpuSeconds: 1, wallSeconds: 5, addressSpaceBytes: 1 << 30)

    func open(_ bytes: PictureBytes, cancellation: DecodeCancellation?) -> PictureMetadata? {
        let limits = Self.openLimits
        var request = DecodeRequest(fit: .inside(maxSide: 1), maxPixels: 1, limits: limits,
                                    dataLength: bytes.count)
        request.message = .open
        guard let reply = try? pool.decode(bytes, request: request, limits: limits, maxBodyLength: MetadataText.maxBytes,
                                           cancellation: cancellation),
              reply.header.status == .picture, reply.header.height == 1, reply.header.channels == 1 else { return nil }
        return MetadataText.decode(reply.body.data(at: 0, length: reply.body.count))
    }
}
