/// A slideshow's order and timing, as pure logic: the viewer tells it the time and how far each
/// page is, and it says when to move on and to which page. Tests drive it with a clock of
/// their own.
///
/// A picture stays `interval` from when it was shown. Then the show moves to the next page that
/// is ready (decoded), skipping pages that failed (broken links, links that are not pictures),
/// looping past the end; if the next page is still loading, the picture shown stays until it
/// is ready, so no change ever shows a spinner or a blank page.
struct SlideshowModel: Equatable, Sendable {
    /// What the viewer knows of a page.
    enum Readiness: Sendable { case ready, loading, failed }

    /// What to do now.
    enum Step: Equatable, Sendable {
        /// Show this page.
        case advance(to: Int)
        /// The next page to show is still loading: keep the picture shown until it is ready.
        case waitFor(Int)
        /// No other page can be shown (all the others failed).
        case stay
    }

    /// The choices offered, in seconds; the one chosen is remembered in GSettings.
    static let intervalChoices = [3, 5, 10, 30]
    static let defaultInterval = 5

    let count: Int
    private(set) var interval: Duration
    private(set) var isPaused = false
    /// When the picture shown appeared (or the show resumed): the next is due `interval` later.
    private(set) var shownAt: Duration

    init(count: Int, intervalSeconds: Int, now: Duration) {
        self.count = max(0, count)
        interval = .seconds(Self.validInterval(intervalSeconds))
        shownAt = now
    }

    /// A stored choice that is not one of `intervalChoices` (an edited setting) is the default.
    static func validInterval(_ seconds: Int) -> Int {
        intervalChoices.contains(seconds) ? seconds : defaultInterval
    }

    /// When the next picture is due; nil while paused.
    var dueAt: Duration? { isPaused ? nil : shownAt + interval }

    /// A picture appeared (the show moved on, or a person stepped): it gets its full interval.
    mutating func pictureShown(now: Duration) { shownAt = now }

    mutating func setInterval(seconds: Int, now: Duration) {
        interval = .seconds(Self.validInterval(seconds))
        shownAt = now
    }

    mutating func togglePause(now: Duration) {
        isPaused.toggle()
        // Resumed: the picture shown gets a whole interval again, not what was left of it.
        if !isPaused { shownAt = now }
    }

    /// What to do at `now` while page `index` is shown: nil before the picture is due (or while
    /// paused), else the step towards the next page.
    func step(now: Duration, from index: Int, readiness: (Int) -> Readiness) -> Step? {
        guard let dueAt, now >= dueAt else { return nil }
        return next(after: index, readiness: readiness)
    }

    /// The page after `index` to show: the first one that did not fail, looping past the end.
    func next(after index: Int, readiness: (Int) -> Readiness) -> Step {
        guard count > 1 else { return .stay }
        for distance in 1..<count {
            let candidate = (index + distance) % count
            switch readiness(candidate) {
            case .ready: return .advance(to: candidate)
            case .loading: return .waitFor(candidate)
            case .failed: continue
            }
        }
        return .stay
    }

    /// The page before `index` that did not fail (a step back by hand), looping past the start.
    func previous(before index: Int, readiness: (Int) -> Readiness) -> Int? {
        guard count > 1 else { return nil }
        return (1..<count).lazy.map { (index - $0 + count) % count }.first { readiness($0) != .failed }
    }
}
