import Foundation

/// The app's side of reading a picture's metadata: in a `DecodeWorkerPool` worker, as decoding
/// hostile files is, under a small CPU allowance (reading metadata takes milliseconds; a file
/// built to make Exiv2 loop gets one second). A worker that dies or answers nonsense means no
/// metadata, never a failure the person sees.
enum SandboxedMetadata {
    static let limits = DecodeWorkerPool.Limits(cpuSeconds: 1, wallSeconds: 5, addressSpaceBytes: 1 << 30)

    static func read(_ data: Data, pool: DecodeWorkerPool = .shared, cancellation: DecodeCancellation? = nil) -> PictureMetadata? {
        guard !DecodeWorker.isWorker, DecoderIsolation.current == .sandboxed else { return MetadataReading.read(data) }
        var request = DecodeRequest(fit: .inside(maxSide: 1), maxPixels: 1, keepAnimation: false, limits: limits,
                                    dataLength: data.count)
        request.purpose = .metadata
        guard let reply = try? pool.decode(PictureBytes(oneOff: data), request: request, limits: limits, maxBodyLength: MetadataText.maxBytes,
                                           cancellation: cancellation),
              reply.header.status == .picture, reply.header.height == 1, reply.header.channels == 1 else { return nil }
        return MetadataText.decode(reply.body.data(at: 0, length: reply.body.count))
    }
}
