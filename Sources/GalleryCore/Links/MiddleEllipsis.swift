/// A long line cut in its middle for a menu, which GTK does not ellipsize (a `GMenu` item is as
/// wide as its label): a link's host at the start and its file at the end are what tell two
/// links apart, so both stay. The whole line is a tap away (Copy Link, Open in Browser).
public enum MiddleEllipsis {
    /// `text` itself when it has at most `maxCharacters` characters, else its start and end
    /// around "…", `maxCharacters` in all (the end gets the larger half).
    public static func shortened(_ text: String, maxCharacters: Int) -> String {
        let limit = max(3, maxCharacters)
        guard text.count > limit else { return text }
        let kept = limit - 1
        return String(text.prefix(kept / 2)) + "…" + String(text.suffix(kept - kept / 2))
    }
}
