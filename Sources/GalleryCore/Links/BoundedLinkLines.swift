/// The first lines of a links file, and how much of it was left out.
public struct BoundedLinkLines: Sendable, Equatable {
    public var lines: [LinkLine] = []
    /// Non-blank lines after the last one kept.
    public var omittedLineCount = 0
    /// Bytes from the start of the file up to the end of the last kept line (its line end
    /// included): the part worth saving, which parses back to the same `lines`.
    public var keptByteCount = 0

    public init() {}
}
