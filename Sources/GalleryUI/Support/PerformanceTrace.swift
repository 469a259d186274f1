import CGtk
import Foundation
import GObjectSupport

/// Timestamps for `tools/bench`, written only when `LINK_GALLERY_TRACE=<file>` is set.
///
/// One line per event: milliseconds since the trace started (monotonic), the event, a value.
/// Events: `trace-start <CLOCK_MONOTONIC ms>` (first line, so a benchmark that noted the
/// monotonic clock when it spawned the app can turn every time into "since launch"),
/// `first-layout-done` and `first-frame` (the first frame's layout phase ended; it was painted),
/// `frame` (every frame painted, for frame intervals),
/// `visible-thumbnails-ready <tiles>` (every tile on screen has its thumbnail or
/// placeholder), `visible-thumbnails-shown <tiles>` (the end of the first frame painted after
/// that: what a person sees), `all-thumbnails-ready <tiles>`,
/// `max-stall-ms <ms>` (after the first frame, the longest the main loop was late for a 5 ms
/// tick, reported each time it grows), `stall-ms <ms>` (every lateness of 8 ms or more after the
/// first frame, at the time it ended, so stalls can be attributed to a phase such as scrolling),
/// `grid-show-begin <entries>` / `grid-show-end <entries>` (building the grid's items and first views),
/// `startup`, `services-ready` and `present` (where a start spends its time before the first frame),
/// `thumbnail-fade` (a thumbnail fades in: it was waited for; a start from the cache has none),
/// `viewer-view <fields>` (what the viewer shows, after each frame that changed it: page, zoom
/// level, the picture's rectangle, the swipe's offset; see `ViewerStateTrace`),
/// `viewer-fullscreen-toggle` (a tap or click decided on fullscreen), `viewer-share-menu` (a
/// long press opened the share menu on the picture), `viewer-drag-end <vx,vy>` (a finger or
/// button lifted, with its release speed in px/s), `viewer-pinch-end level=<level>` (the level the
/// fingers left, before any spring back): touch tests under
/// broadway read these;
/// `viewer-page-turn <index>` (the viewer turned to a page), `viewer-page-shown <index>` (the
/// frame painted after the page's picture was set), `viewer-detail-shown <index>` (the same for
/// its full detail, after a zoom past the screen-sized picture).
@MainActor
final class PerformanceTrace {
    static let shared = PerformanceTrace(path: ProcessInfo.processInfo.environment["LINK_GALLERY_TRACE"])

    private let handle: FileHandle?
    private let start = ContinuousClock.now
    private var reported: Set<TraceEvent> = []
    private var maxStall: Duration = .zero
    private let stallTick = MainLoopSource()
    /// Half a 60 Hz frame: shorter lateness is timer jitter, longer ones are worth a line each.
    private let reportedStall: Duration = .milliseconds(8)

    private init(path: String?) {
        guard let path, FileManager.default.createFile(atPath: path, contents: nil) else {
            handle = nil
            return
        }
        handle = FileHandle(forWritingAtPath: path)
        // CLOCK_MONOTONIC, not ContinuousClock (CLOCK_BOOTTIME on Linux): the benchmark driver
        // reads the same clock when it spawns the app.
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        record(.traceStart, String(format: "%.3f", Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6))
        watchStalls()
    }

    var isEnabled: Bool { handle != nil }

    func record(_ event: TraceEvent, _ value: String = "") {
        guard let handle else { return }
        let elapsed = (ContinuousClock.now - start).milliseconds
        handle.write(Data(String(format: "%.1f %@ %@\n", elapsed, event.rawValue, value).utf8))
    }

    /// Records `event` only the first time it happens; true that time.
    @discardableResult
    func recordOnce(_ event: TraceEvent, _ value: String = "") -> Bool {
        guard isEnabled, reported.insert(event).inserted else { return false }
        record(event, value)
        return true
    }

    /// The first frame a window painted.
    func watchFirstFrame(of window: UnsafeMutablePointer<GtkWidget>) {
        guard isEnabled else { return }
        // Once: a window shown again must not add a second set of frame handlers.
        Signal.connectOnce(window, .map) { [weak self] in
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            // Where the first frame's time goes: laid out, then drawn (snapshot and GL).
            Signal.connectOnce(clock, .layout, after: true) { [weak self] in self?.recordOnce(.firstLayoutDone) }
            Signal.connectOnce(clock, .afterPaint) { [weak self] in self?.recordOnce(.firstFrame) }
            // Every frame, the first included, for frame intervals while scrolling.
            Signal.connect(clock, .afterPaint) { [weak self] in self?.record(.frame) }
        }
    }

    /// Records `event` once, when the frame after this moment has been painted: state set now is
    /// on screen only then. Asks `widget`'s frame clock for that frame's paint phase, so the event
    /// comes even when nothing else needs a frame.
    func recordOnceAtNextPaint(of widget: UnsafeMutablePointer<GtkWidget>, _ event: TraceEvent, _ value: String = "") {
        guard isEnabled, !reported.contains(event) else { return }
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            // Not on screen yet: its first frame is the one to wait for.
            Signal.connectOnce(widget, .map) { [weak self] in self?.recordOnceAtNextPaint(of: widget, event, value) }
            return
        }
        Signal.connectOnce(clock, .afterPaint) { [weak self] in self?.recordOnce(event, value) }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }

    /// Records `event` every time, when the frame after this moment has been painted (the
    /// viewer's `viewer-page-shown <index>` and `viewer-detail-shown <index>`).
    func recordAtNextPaint(of widget: UnsafeMutablePointer<GtkWidget>, _ event: TraceEvent, _ value: String = "") {
        guard isEnabled, let clock = gtk_widget_get_frame_clock(widget) else { return }
        Signal.connectOnce(clock, .afterPaint) { [weak self] in self?.record(event, value) }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }

    /// A 5 ms timeout that measures how late it runs: the main loop was busy that long.
    private func watchStalls() {
        var expected = ContinuousClock.now + .milliseconds(5)
        var armed = false
        stallTick.every(milliseconds: 5) { [weak self] in
            guard let self else { return false }
            let now = ContinuousClock.now
            let lateness = now - expected
            expected = now + .milliseconds(5)
            // Start-up (GTK init, first layout) is measured as `first-frame`, not as a stall: the
            // first tick after it is still late by the first frame's work, so it only arms.
            guard armed else {
                armed = self.reported.contains(.firstFrame)
                return true
            }
            if lateness >= self.reportedStall {
                self.record(.stallMs, String(format: "%.1f", lateness.milliseconds))
            }
            if lateness > self.maxStall + .milliseconds(1) {
                self.maxStall = lateness
                self.record(.maxStallMs, String(format: "%.1f", lateness.milliseconds))
            }
            return true
        }
    }
}

private extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
