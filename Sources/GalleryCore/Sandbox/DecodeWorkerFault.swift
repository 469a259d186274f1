import Glibc

/// How a decode worker misbehaves on purpose, so tests (unit and end to end) can show that a
/// worker's failure is one picture's: set `LINK_GALLERY_WORKER_FAULT` in the app's environment
/// (or pass it to a `DecodeWorkerLaunch`) and every worker it starts answers each picture so.
/// Metadata and links requests are answered as usual (but by `crashOnLists` and `hangsOnLists`). Unset, workers
/// behave.
enum DecodeWorkerFault: String, Sendable {
    /// Dies of SIGSEGV mid-decode, as a decoder's memory bug would.
    case crash
    /// Never answers (nor reads on): only the app's deadline ends it.
    case hang
    /// Answers with sides of 2³² − 1: a reply no reading may multiply.
    case lie
    /// Answers with a picture far larger than the request allowed.
    case oversize
    /// Decodes, and keeps its writable mapping of the pixels' memfd, as a worker that means to
    /// change them after the app looked would: the app's seal fails.
    case holdsPixels = "holds-pixels"
    /// Decodes pictures as usual, and dies of SIGSEGV reading a links file: shows that the list
    /// is read in the sandbox, and what the person sees when its reader fails.
    case crashOnLists = "crash-lists"
    /// Decodes pictures as usual, and never answers a links file: only its deadline, or the
    /// person leaving the list, ends the read.
    case hangsOnLists = "hang-lists"
    /// Reads a request's header, then stops reading: a picture's bytes sent after it fill the
    /// socket, and the app's send must end at its deadline.
    case stopsReading = "stops-reading"
    /// Decodes with its address space all but full, as on a computer out of memory: the
    /// picture's large allocations fail while the worker's own small ones still succeed.
    case starved

    static let environmentName = "LINK_GALLERY_WORKER_FAULT"

    /// Acts out the fault for one picture (`decoding` is the honest decode); returns the reply to
    /// send, or never returns.
    func act(decoding: () -> WorkerReply) -> WorkerReply {
        switch self {
        case .holdsPixels, .crashOnLists, .hangsOnLists, .stopsReading:
            return decoding() // the mapping is kept where the body is written; lists are not pictures
        case .starved:
            AddressSpaceFiller.fill(leaving: 6 << 20)
            return decoding()
        case .crash:
            raise(SIGSEGV)
            fatalError("SIGSEGV returned")
        case .hang:
            while true { sleep(3600) } // pause() is not among the filter's system calls
        case .lie:
            return WorkerReply(header: DecodeReply.Header(status: .picture, declaredWidth: 64, declaredHeight: 64,
                                                          width: Int(UInt32.max), height: Int(UInt32.max), channels: 4))
        case .oversize:
            return WorkerReply(header: DecodeReply.Header(status: .picture, declaredWidth: 16_000, declaredHeight: 16_000,
                                                          width: 16_000, height: 16_000, channels: 4))
        }
    }
}
