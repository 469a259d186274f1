/// Why the disk cache could not keep something: the app goes on from memory and the network,
/// and tells the person once (`CacheProblemReporter`, worded by the UI's `ErrorMessages`).
public enum CacheProblem: Sendable, Equatable {
    /// The cache folders could not be made at start-up.
    case foldersUnavailable
    /// A write failed, for the reason the disk gave.
    case store(DiskStoreError)
    /// A downloaded original could not be written as it arrived.
    case originalNotWritten
}
