/// Who is waiting for a transfer; higher goes first when transfers queue up.
public enum LoadPriority: Int, Sendable, Comparable, CaseIterable {
    /// Neighbours in the viewer, tiles just outside the viewport.
    case prefetch = 0
    /// Tiles on screen.
    case visible = 1
    /// The links file and the image the viewer shows now.
    case interactive = 2

    public static func < (lhs: LoadPriority, rhs: LoadPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
