/// How long a tile waits before it shows that it is waiting. Handed to the grid (tests put a
/// load on either side of a threshold by choosing it), never changed while tiles use it.
struct TileTiming: Sendable {
    /// The spinner appears only after this much loading: most thumbnails come sooner.
    var spinnerDelayMilliseconds: UInt32 = 200
    /// A thumbnail the person watched an empty tile for longer than this fades in; one read
    /// from the cache sooner, or before the window was painted, simply appears: a start from
    /// the cache shows its thumbnails at once, and no frame is spent animating them.
    var fadeInAfterWait: Duration = .milliseconds(100)
    /// A tile whose original is still downloading after this long shows how far it has come.
    var progressRingDelayMilliseconds: UInt32 = 1000
    /// How often that ring is brought up to date.
    var progressTickMilliseconds: UInt32 = 400
}
