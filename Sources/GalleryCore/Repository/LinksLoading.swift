/// What the gallery needs of a links file: the saved copy at once, then a fresh one.
/// `LinksRepository` is the real one; `LinksController`'s tests drive its phases step by step
/// through a scripted one.
public protocol LinksLoading: Sendable {
    /// The last good copy on disk, or nil.
    func cachedSnapshot() async -> LinksSnapshot?
    /// The file as it is now (confirmed unchanged, or new). Throws `LoadError`.
    func refresh() async throws -> LinksSnapshot
}
