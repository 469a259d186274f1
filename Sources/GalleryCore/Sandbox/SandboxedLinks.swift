import Foundation

/// The app's side of reading a links file: its lines are split, decoded and classified in a
/// `DecodeWorkerPool` worker (`LinksDocument.read`, run there), like every untrusted byte, and
/// come back as a `LinksReply` the app only bounds-checks. Where pictures are decoded in this
/// process (`DecoderIsolation.inProcess`: benchmarks, fuzzers) the file is read here too.
enum SandboxedLinks {
    /// Parsing 100,000 lines takes a fraction of a second; the costliest list the size limit
    /// allows (32 MiB of links written in Chinese characters, each escaped) took 10.1 s of CPU
    /// in a debug build on a busy machine, right at the ten seconds it had (and failed the test
    /// that reads it now and then). Twenty seconds of CPU, as a picture gets, still bounds a
    /// file built to make the classifier crawl; a slow machine gets thirty of wall clock.
    static let limits = DecodeWorkerPool.Limits(cpuSeconds: 20, wallSeconds: 30, addressSpaceBytes: 2 << 30)

    /// A list as read: the entries, and the reply they came in, which the repository saves
    /// beside the file so the next start reads the entries back without a worker.
    struct Read {
        let document: LinksReply.Document
        let reply: Data
    }

    /// `read` once a worker's turn comes (`DecodeThreads`), at the priority of a list a person
    /// waits for; nil also when the task was cancelled — waiting, or while the worker reads (the
    /// worker is stopped then: a list nobody wants any more holds no thread and no worker).
    static func readInTurn(_ data: Data, pool: DecodeWorkerPool = .shared) async -> Read? {
        let cancellation = DecodeCancellation(priority: .interactive)
        return await withTaskCancellationHandler {
            (try? await DecodeThreads.run(priority: SharedPriority(.interactive), mostPixels: 0) {
                read(data, pool: pool, cancellation: cancellation)
            }) ?? nil
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The entries of `data`, or nil when the worker could not read it (it crashed, ran out of
    /// time, or answered something no file could give).
    /// `cancellation`: the read's, at the priority of a list the person waits for (the worker kept
    /// for what is on screen may take it).
    static func read(
        _ data: Data, pool: DecodeWorkerPool = .shared, cancellation: DecodeCancellation = DecodeCancellation(priority: .interactive)
    ) -> Read? {
        guard !PicturePipeline.decodesHere else {
            let document = LinksDocument.read(data)
            return Read(document: document, reply: LinksReply.encode(document))
        }
        var request = DecodeRequest(fit: .inside(maxSide: 1), maxPixels: 1, keepAnimation: false, limits: limits,
                                    dataLength: data.count)
        request.purpose = .links
        guard let reply = try? pool.decode(PictureBytes(oneOff: data), request: request, limits: limits,
                                           maxBodyLength: LinksReply.maxLength(inputBytes: data.count), cancellation: cancellation),
              reply.header.status == .picture, reply.header.channels == 1, reply.header.width == LinksReply.rowBytes
        else { return nil }
        let bytes = reply.body.sharedData
        return LinksReply.decode(bytes, file: data).map { Read(document: $0, reply: bytes) }
    }
}
