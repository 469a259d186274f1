/// Writes a link's address from its line in the app, as the classifier writes it
/// (`LinkClassifier`): the scheme lower-cased, the authority as `LinkAuthority` writes it (a
/// plain host lower-cased, an international one as GLib's IDNA gives it, `host:` without its
/// colon), and the path, query and fragment percent-encoded where they must be.
///
/// A sandboxed worker only says whether a line is a link and whether the classifier rewrites it
/// (`LinksReply`); the address itself is never taken from it (issue 42): a worker the file
/// subverted cannot make the app fetch an address the file does not spell, nor hide bits in one,
/// and a list of 100,000 rewritten links is no 100 MB reply. The writing is the classifier's own
/// byte loops over the line's parts; whether the line is a well-formed link stays the worker's
/// to decide (a line it cannot have called one is refused here: no authority, no http(s)).
enum AddressWriter {
    /// The line's authority as written, or nil when the line is not `http(s)://` and a valid one.
    static func authority(of line: String) -> String? {
        var line = line
        return line.withUTF8 { bytes in
            guard let split = try? LinkSplit(bytes), let authority = try? LinkAuthority.parse(split.authority) else { return nil }
            return authority.written
        }
    }

    /// The address of `line` with its `authority` (from `authority(of:)`).
    static func text(of line: String, authority: String) -> String? {
        var line = line
        return line.withUTF8 { bytes in
            (try? LinkSplit(bytes)).map { LinkClassifier.write(isHTTPS: $0.isHTTPS, authority: authority, LinkTail($0.tail)) }
        }
    }
}
