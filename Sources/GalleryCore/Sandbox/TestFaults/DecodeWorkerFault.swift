import CSandbox
import Glibc

/// How a decode worker misbehaves on purpose, so tests (unit and end to end) can show that a
/// worker's failure is one picture's: set `LINK_GALLERY_WORKER_FAULT` in the app's environment
/// (or pass it to a `DecodeWorkerLaunch`) and every worker it starts answers each picture so.
/// Metadata and links requests are answered as usual (but by the faults named for lists).
/// Unset, workers behave.
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
    /// Decodes pictures as usual, and reads a links file as a worker the file subverted would:
    /// every link's address replaced by one carrying what it found (`forged(_:)`), which its
    /// reply has no room for (`LinksReply`).
    case forgesLists = "forge-lists"
    /// Decodes pictures as usual, and answers a links file with one link whose text is the
    /// whole file (every line, every byte that is not UTF-8), for the app to write an address
    /// from: what a subverted worker would send to make the app hold a huge string.
    case stretchesLists = "stretch-lists"
    /// Decodes, then fills each reply's memfd to the size the app gave it, past what its header
    /// announces, and keeps a descriptor of every one (`hoard`), as a worker that means to hold
    /// memory the app does not count would.
    case hoardsReplies = "hoard-replies"
    /// Reads a request's header, then stops reading: a picture's bytes sent after it fill the
    /// socket, and the app's send must end at its deadline.
    case stopsReading = "stops-reading"
    /// Decodes with its address space all but full, as on a computer out of memory: the
    /// picture's large allocations fail while the worker's own small ones still succeed.
    case starved
    /// Decodes as usual, and names another request in every reply: a worker out of step with
    /// the app (or lying about what it answers), whose replies the app refuses.
    case answersAnotherRequest = "answers-another"
    /// Before each picture, tries the side doors a decoder an exploit took over would try, and
    /// dies of SIGSEGV if one is open: a file by a relative path (`secretFileName`, in the
    /// folder the app was started from) and making itself undumpable (its memory then hidden
    /// from the app). A picture that decodes shows both shut.
    case triesSideDoors = "side-doors"

    /// The file `triesSideDoors` looks for in the app's working folder.
    static let secretFileName = "link-gallery-secret"

    static let environmentName = "LINK_GALLERY_WORKER_FAULT"

    /// Before a request's bytes are read: `stopsReading` never reads them, and they stay in the
    /// socket.
    func beforeReadingBytes(of request: DecodeRequest) {
        guard self == .stopsReading, !request.dataInSharedMemory, request.dataLength > 0 else { return }
        while true { sleep(3600) }
    }

    /// Before a links file is read: the faults named for lists crash or hang there.
    func readingList() {
        if self == .crashOnLists { raise(SIGSEGV) }
        if self == .hangsOnLists { while true { sleep(3600) } }
    }

    /// The reply's header as this fault sends it: naming another request, or with its body in
    /// the memfd however small (to keep the mapping of it).
    func sending(_ header: inout DecodeReply.Header) {
        if self == .answersAnotherRequest { header.requestID &+= 1 }
        if self == .holdsPixels { header.bodyInSharedMemory = true }
    }

    /// After the body is written: `hoardsReplies` fills and keeps the memfd; false when it could not.
    func afterWritingBody(into output: Int32, length: Int) -> Bool {
        self != .hoardsReplies || Self.hoard(output, after: length)
    }

    /// Acts out the fault for one picture (`decoding` is the honest decode); returns the reply to
    /// send, or never returns.
    func act(decoding: () -> WorkerReply) -> WorkerReply {
        switch self {
        case .holdsPixels, .crashOnLists, .hangsOnLists, .forgesLists, .stretchesLists, .hoardsReplies, .stopsReading,
             .answersAnotherRequest:
            return decoding() // acted where the body and header are written; lists are not pictures
        case .starved:
            AddressSpaceFiller.fill(leaving: 6 << 20)
            return decoding()
        case .triesSideDoors:
            let secret = open(Self.secretFileName, O_RDONLY | O_CLOEXEC)
            if secret >= 0 || sandbox_make_undumpable() == 0 { raise(SIGSEGV) }
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

    /// The list read as this fault reads it: forged or stretched, else as it is.
    func misread(_ document: LinksReply.Document) -> LinksReply.Document {
        switch self {
        case .forgesLists: return Self.forged(document)
        case .stretchesLists:
            let whole = 0..<document.keptByteCount
            let entry = LinkEntry(lineNumber: 1, text: "", classification: .link(LinkAddress(checked: "http://stretched.invalid/"), guess: .image))
            return LinksReply.Document(entries: [entry], byteRanges: [whole], omittedCount: 0, keptByteCount: document.keptByteCount)
        default: return document
        }
    }

    /// The list a subverted worker would send: each link's address now leads to a server of its
    /// own, with something it read in the query; each text and place in the file still honest.
    static func forged(_ document: LinksReply.Document) -> LinksReply.Document {
        var forged = document
        forged.entries = document.entries.map { entry in
            guard case .link(_, let guess) = entry.classification else { return entry }
            let address = LinkAddress(checked: "http://collector.invalid/?found=\(getuid())")
            return LinkEntry(lineNumber: entry.lineNumber, text: entry.text, classification: .link(address, guess: guess))
        }
        return forged
    }

    /// Descriptors `hoard` keeps, never closed.
    nonisolated(unsafe) private static var hoarded: [Int32] = [] // the worker serves one request at a time

    /// `hoardsReplies`: the memfd filled past the reply's `length` bytes to the size the app
    /// gave it (through a mapping: the worker may not `write` files at all), and kept.
    static func hoard(_ output: Int32, after length: Int) -> Bool {
        let size = Int(sandbox_file_size(output))
        let kept = dup(output)
        guard kept >= 0, size >= length else { return false }
        hoarded.append(kept)
        guard size > length, let memory = sandbox_map(kept, size, 1) else { return true }
        (memory + length).initializeMemory(as: UInt8.self, repeating: 0x5A, count: size - length)
        sandbox_unmap(memory, size)
        return true
    }
}
