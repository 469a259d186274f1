import Foundation
import Synchronization

/// One small file of records in the cache root — the "not an image" verdicts, what servers said
/// about originals — kept in memory under one lock and written back whole, atomically and
/// sealed as every cache file (`SealedFileWrite`), a moment after it changes: the changes made
/// meanwhile go with it, so a burst of them costs one write. Read on first use (that use blocks
/// on the disk: make it on a disk queue); a damaged or missing file reads as no records.
final class SmallRecordFile<Records: Sendable>: Sendable {
    /// How long after a change the file is written.
    static var writeDelay: DispatchTimeInterval { .milliseconds(500) }

    private struct State {
        var records: Records?
        var writeDue = false
    }

    let file: URL?
    private let state = Mutex(State())
    /// Held from taking the records to installing the file: two writes (the delayed one and the
    /// app's at quit) once raced, the older snapshot installed last, and the newest verdicts were
    /// lost from the file.
    private let writing = Mutex(())
    private let decode: @Sendable (Data?) -> Records
    private let encode: @Sendable (Records) -> Data
    private let queue: DispatchQueue

    /// `decode` gets the file's payload (nil when missing or damaged); `encode` makes it. With
    /// no `file`, the records live in memory only.
    init(file: URL?, queue: DispatchQueue = BlockingWork.disk, decode: @escaping @Sendable (Data?) -> Records,
         encode: @escaping @Sendable (Records) -> Data) {
        self.file = file
        self.queue = queue
        self.decode = decode
        self.encode = encode
    }

    /// Runs `body` on the records, reading them first if nothing has yet.
    func read<T>(_ body: (Records) -> T) -> T {
        state.withLock { state in body(loaded(&state)) }
    }

    /// Changes the records; when `body` says it changed them, the file is written a moment later.
    @discardableResult
    func change(_ body: (inout Records) -> Bool) -> Bool {
        let (changed, first) = state.withLock { state -> (Bool, Bool) in
            // Taken out, not copied: changing a copy would copy a whole set of verdicts.
            var records = loaded(&state)
            state.records = nil
            let changed = body(&records)
            state.records = records
            guard changed, file != nil else { return (changed, false) }
            defer { state.writeDue = true }
            return (changed, !state.writeDue)
        }
        if first { queue.asyncAfter(deadline: .now() + Self.writeDelay) { [self] in writeNow() } }
        return changed
    }

    /// Writes the records now (tests, and the app's quit); nothing when they were never read.
    func writeNow() {
        guard let file else { return }
        writing.withLock { _ in
            let records = state.withLock { state -> Records? in
                state.writeDue = false // this write takes every change so far: later ones schedule another
                return state.records
            }
            if let records { SealedFileWrite.install(encode(records), as: file) }
        }
    }

    private func loaded(_ state: inout State) -> Records {
        if let records = state.records { return records }
        let records = decode(file.flatMap { SealedFileWrite.read($0) })
        state.records = records
        return records
    }
}
