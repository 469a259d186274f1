/// What a link's file extension suggests. Only a hint: a `.jpg` may serve HTML and most image
/// links have no extension at all, so the repository still sniffs the bytes before trusting it.
public enum LinkGuess: Sendable, Hashable {
    case image
    case notImage
    case unknown
}
