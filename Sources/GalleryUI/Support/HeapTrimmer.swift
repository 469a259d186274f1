import CShims
import Dispatch
import GObjectSupport

/// Gives freed heap memory back to the system once the grid has been still for a moment.
///
/// Scrolling a long list frees thousands of thumbnails and their GPU copies, but glibc keeps
/// freed memory in its arenas: after scrolling 10,000 entries the app held about 55 MB more
/// than it used, until `malloc_trim` returned it. Trimming runs off the main thread, after
/// `quietMilliseconds` without new work, so it never competes with scrolling.
@MainActor
final class HeapTrimmer {
    private let quietMilliseconds: UInt32
    private let timer = MainLoopSource()

    init(quietMilliseconds: UInt32 = 1500) {
        self.quietMilliseconds = quietMilliseconds
    }

    /// Memory was just freed, or will be: trim once things have settled.
    func memoryWasReleased() {
        timer.after(milliseconds: quietMilliseconds) {
            DispatchQueue.global(qos: .utility).async { _ = shim_malloc_trim() }
        }
    }

    func cancel() {
        timer.cancel()
    }
}
