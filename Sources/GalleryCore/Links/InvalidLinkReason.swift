/// Why a line of the links file is not something we may fetch.
public enum InvalidLinkReason: Error, Sendable, Hashable {
    /// Bare words, relative paths: no `scheme:` at all.
    case notAURL
    /// A URL, but not `http`/`https` (`ftp:`, `file:`, `javascript:`, `data:`, `mailto:`…).
    /// Only http(s) is ever fetched or handed to a browser.
    case unsupportedScheme(String)
    /// `http://` with nothing (or nothing usable) where the host name belongs.
    case missingHost
    /// Looks like an http(s) URL but cannot be made into a valid one (bad port, bad host…).
    case malformed
}
