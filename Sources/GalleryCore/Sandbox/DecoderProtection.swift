/// What holds the decoders of untrusted pictures on this computer, strongest first: what a
/// worker could set up (`DecodeWorker`), said in its first message, and named by the window's
/// notice where it is less than bubblewrap (issue 42: the notice tells the truth).
public enum DecoderProtection: UInt8, Sendable {
    /// bubblewrap's namespaces (no network, no home, nothing of the person's), the limits and
    /// the system-call filter.
    case bubblewrap = 0x42 // "B"
    /// No bubblewrap: Landlock keeps every file but the system's read-only ones out of reach;
    /// the limits and the filter.
    case landlock = 0x4C // "L"
    /// No bubblewrap nor Landlock: a user and mount namespace of the worker's own covers home,
    /// the temporary and runtime folders and the app's /proc entry; the limits and the filter.
    case privateMounts = 0x4D // "M"
    /// None of those: the limits, and a filter under which the worker opens no file at all once
    /// it is ready — it reads only the pictures it is handed.
    case filterOnly = 0x46 // "F"

    /// Names what a worker is not to set up (`landlock`, `mounts`, comma-separated), so tests
    /// can see each weaker protection on a computer that has the stronger ones.
    static let skippedVariable = "LINK_GALLERY_DECODER_SKIPS"
}
