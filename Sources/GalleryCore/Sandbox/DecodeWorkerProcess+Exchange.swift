import CSandbox
import Foundation
import Synchronization

/// One request to a worker and its reply: the bytes sent (by id alone, in a memfd or a file,
/// or after the header), the reply's header checked against the request, its body mapped.
extension DecodeWorkerProcess {
    /// The last `DecodeRequest.requestID` given: each request to any worker has its own.
    static let lastRequestID = Atomic<UInt64>(0)

    /// Sends `request` with `bytes` and a blank memfd for the pixels, and reads the reply within
    /// `deadline`: nil when the worker died, overran, sent something unreadable or answered
    /// another request than this one (`ending(within:)` says how). The bytes go as their id
    /// alone when this worker holds the picture open (and again in full if it says it does
    /// not), else in their sealed memfd or an arriving download's file (no copy) or a new memfd
    /// from `SharedMemory.worthIt` bytes, else after the header. `admit` sees
    /// the reply's header before the pixels are looked at: it checks it against what was asked
    /// and takes the budget for them, or throws, and then they are never used. Pixels in the
    /// memfd are cut to the length the header announced and sealed before they are mapped: from
    /// then on the worker cannot change a byte nor hold more there than the app counts, and one
    /// that kept its own mapping fails the seal, so its reply is none. A small reply's pixels
    /// follow its header instead (and the memfd is cut to nothing).
    func exchange(_ request: DecodeRequest, _ bytes: PictureBytes, deadline: ContinuousClock.Instant, maxBodyLength: Int,
                  admit: (DecodeReply.Header) throws(LoadError) -> Void) throws(LoadError)
        -> (header: DecodeReply.Header, body: ReplyBody)? {
        exchanges.add(1, ordering: .relaxed)
        var request = request
        request.pictureID = bytes.id
        request.closes = Array(ClosedPictures.closed(among: heldIDs).prefix(DecodeRequest.maxCloses))
        request.closes.forEach(noteLetGo)
        if holds(bytes.id) {
            request.bytesOmitted = true
            request.dataLength = 0
            let reply = try send(request, nil, deadline: deadline, maxBodyLength: maxBodyLength, admit: admit)
            guard reply?.header.status == .notOpen else { return reply }
            noteLetGo(bytes.id) // it let the picture go: once more, with the bytes
            request.bytesOmitted = false
            request.dataLength = bytes.count
        }
        let reply = try send(request, bytes, deadline: deadline, maxBodyLength: maxBodyLength, admit: admit)
        if reply != nil { noteOpened(bytes.id) }
        return reply
    }

    /// One request and its reply (see `exchange`); `bytes` nil sends none.
    private func send(_ request: DecodeRequest, _ bytes: PictureBytes?, deadline: ContinuousClock.Instant, maxBodyLength: Int,
                      admit: (DecodeReply.Header) throws(LoadError) -> Void) throws(LoadError)
        -> (header: DecodeReply.Header, body: ReplyBody)? {
        var request = request
        request.requestID = Self.lastRequestID.add(1, ordering: .relaxed).newValue
        let data = bytes?.data ?? Data()
        // A kept picture's memfd or an arriving download's file as they are; else a copy, into
        // a memfd for large bytes or after the header.
        let copied = bytes?.memory == nil && bytes?.file == nil
        let memory = copied && data.count >= SharedMemory.worthIt ? SharedMemory.sealed(copying: data) : bytes?.memory
        defer { withExtendedLifetime(memory) {} } // its descriptor is sent below, by number
        let input = memory?.descriptor ?? bytes?.file?.descriptor
        if copied { WorkerTraffic.counted(data.count) } // copied into a memfd or the socket now
        WorkerTraffic.sent(request.message)
        request.dataInSharedMemory = input != nil
        request.dataOffset = memory == nil ? bytes?.file?.offset ?? 0 : 0
        guard let output = SharedMemory.blank(size: maxBodyLength) else {
            throw .couldNotDecode // no memfd for this one (out of descriptors or memory): the worker is fine
        }
        let descriptors = (input.map { [$0] } ?? []) + [output.descriptor]
        guard WorkerSocket.write(request.header(), passing: descriptors, to: socket, until: deadline),
              input != nil || data.isEmpty || WorkerSocket.write(data, to: socket, until: deadline),
              let headerBytes = WorkerSocket.read(count: DecodeReply.headerSize, from: socket, until: deadline),
              let header = DecodeReply.decodeHeader(headerBytes), header.requestID == request.requestID,
              let length = header.bodyLength, length <= maxBodyLength
        else {
            return nil // the caller asks how it ended (`ending(within:)`), which kills it
        }
        // The reply memfd holds the announced body, or nothing when the body is not in it.
        let bodyLength = header.bodyInSharedMemory && header.status != .notOpen ? length : 0
        let settled = output.settle(at: bodyLength)
        if header.status == .notOpen {
            // Only an answer to a request by id alone, and with no body: anything else is a lie.
            return request.bytesOmitted && length == 0 ? (header, ReplyBody(count: 0, fill: { _ in true })!) : nil
        }
        let admitted: LoadError?
        do {
            try admit(header)
            admitted = nil
        } catch {
            admitted = error
        }
        guard header.bodyInSharedMemory else {
            // Only a small body follows on the socket (the worker's own rule): a larger one is a
            // worker that lies, and the app allocates nothing for it.
            guard length < SharedMemory.worthIt else { return nil }
            // Read even when not admitted: the worker then stays in step and warm for the next one.
            guard let body = ReplyBody(count: length, fill: { WorkerSocket.read(into: $0, count: length, from: socket, until: deadline) })
            else { return nil }
            if let admitted { throw admitted }
            return (header, body)
        }
        if let admitted { throw admitted } // nothing more to read: the worker stays in step
        guard settled, let body = ReplyBody(mapping: output, count: length) else { return nil }
        return (header, body)
    }
}
