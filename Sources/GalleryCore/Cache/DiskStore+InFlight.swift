import Synchronization

/// Bytes of files still being written (`PendingCacheWrite`) count against the capacity as they
/// arrive, so a download cannot fill the disk before it is committed.
extension DiskStore {
    /// Counts `delta` more bytes of a file being written; false when the files being written
    /// alone would pass the capacity (that write is refused: the download goes elsewhere).
    /// With the cache, they may pass it: the least recently used files are trimmed to make room,
    /// on the disk queue.
    func growInFlight(by delta: Int) -> Bool {
        let total = inFlight.add(delta, ordering: .relaxed).newValue
        guard total <= capacityBytes else {
            inFlight.subtract(delta, ordering: .relaxed)
            return false
        }
        if total + committed.load(ordering: .relaxed) > capacityBytes,
           trimScheduled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
            BlockingWork.disk.async { [self] in
                trimScheduled.store(false, ordering: .relaxed)
                let room = Int(Double(capacityBytes) * Self.lowWaterMark) - inFlight.load(ordering: .relaxed)
                trim(toBytes: max(0, room), files: maxFiles)
            }
        }
        return true
    }

    /// A file being written was committed or dropped: its bytes no longer count as in flight.
    func shrinkInFlight(by delta: Int) {
        inFlight.subtract(delta, ordering: .relaxed)
    }

    /// Bytes of files being written now.
    public var inFlightBytes: Int { inFlight.load(ordering: .relaxed) }
}
