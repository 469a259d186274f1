import Synchronization

/// Bytes of files still being written (`PendingCacheWrite`) count against the capacity as they
/// arrive, so a download cannot fill the disk before it is committed.
extension DiskStore {
    /// How far the files being written and those stored may pass the capacity while the disk
    /// queue trims. Past it the writer makes room itself before it writes more, so the cap holds
    /// however late that queue runs: once it ran about 130 ms late, and four downloads at 2 MB/s
    /// took the cache 1.1 MB past its cap.
    static let trimLagBytes = 512 * 1024

    /// Counts `delta` more bytes of a file being written; false when the files being written
    /// alone would pass the capacity (that write is refused: the download goes elsewhere).
    /// With the cache, they may pass it: the least recently used files are trimmed to make room,
    /// on the disk queue, or at once when the queue is `trimLagBytes` behind.
    func growInFlight(by delta: Int) -> Bool {
        let total = inFlight.add(delta, ordering: .relaxed).newValue
        guard total <= capacityBytes else {
            inFlight.subtract(delta, ordering: .relaxed)
            return false
        }
        let over = total + committed.load(ordering: .relaxed) - capacityBytes
        guard over > 0 else { return true }
        if over > Self.trimLagBytes {
            makeRoom()
        } else if trimScheduled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
            BlockingWork.disk.async { [self] in
                trimScheduled.store(false, ordering: .relaxed)
                makeRoom()
            }
        }
        return true
    }

    /// Trims the stored files to leave the files being written room below the capacity.
    private func makeRoom() {
        let room = Int(Double(capacityBytes) * Self.lowWaterMark) - inFlight.load(ordering: .relaxed)
        trim(toBytes: max(0, room), files: maxFiles)
    }

    /// A file being written was committed or dropped: its bytes no longer count as in flight.
    func shrinkInFlight(by delta: Int) {
        inFlight.subtract(delta, ordering: .relaxed)
    }

    /// Bytes of files being written now.
    public var inFlightBytes: Int { inFlight.load(ordering: .relaxed) }
}
