import CGtk
import CShims
import Foundation

/// Lets Swift's `MainActor` (libdispatch's main queue on Linux) run inside GLib's main loop.
///
/// GTK owns the main thread through `g_application_run`, and GLib never drains libdispatch's
/// main queue by itself: without this bridge `Task { @MainActor in }` never runs. libdispatch
/// signals queued main-queue work through an eventfd; we watch that fd as a GLib source and
/// drain the queue from it, the same pair of hooks CoreFoundation's run loop uses.
public enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the bridge on the default main context. Call once, on the main thread, before
    /// `g_application_run` (or before iterating the main context by hand in tests).
    public static func install() {
        precondition(Thread.isMainThread, "MainLoopBridge.install must run on the main thread")
        guard sourceID == 0 else { return }
        let fd = shim_dispatch_main_queue_fd()
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            // Consume the eventfd counter first; otherwise the fd stays readable and the
            // main loop spins at 100 % CPU.
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            shim_dispatch_drain_main_queue()
            return 1 // G_SOURCE_CONTINUE (a macro Swift does not import)
        }, nil, nil)
    }
}
