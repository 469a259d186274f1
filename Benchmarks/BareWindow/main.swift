// bare-window: the reference for the warm-start benchmark. The least a GTK 4 application does
// before a person sees anything: a GtkApplication (default flags, so it registers on the session
// bus like link-gallery) opens one empty window at the gallery's benchmark size, prints the
// monotonic time of the first frame's `after-paint` and its resident memory, and quits.
// Built by the same toolchain and in the same configuration as link-gallery (tools/bench).
//
//   bare-window            prints "first-frame <CLOCK_MONOTONIC ms>" and "rss-kb <VmRSS kB>",
//                          and before them "startup", "present" and "first-layout-done" (the
//                          first frame's layout phase ended), the app's trace events of the same names
import BenchReferenceSupport
import CGtk
import Foundation
import GObjectSupport

/// VmRSS from /proc/self/status, in kB.
func residentKilobytes() -> String {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return line.split(separator: " ").dropFirst().first.map(String.init) ?? "0"
}

let application = gtk_application_new("io.github.linkgallery.BareWindow", G_APPLICATION_DEFAULT_FLAGS)!
Signal.connect(application, "startup", after: true) { emitTime("startup") }
Signal.connect(application, "activate") {
    let window = gtk_application_window_new(application)!
    gtk_window_set_title(window.cast(), "Bare window")
    gtk_window_set_default_size(window.cast(), 1920, 1080)
    gtk_window_maximize(window.cast())
    Signal.connectOnce(window, "map") {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        Signal.connectOnce(clock, "layout", after: true) { emitTime("first-layout-done") }
        Signal.connectOnce(clock, "after-paint") {
            emitTime("first-frame")
            emit("rss-kb " + residentKilobytes())
            g_application_quit(application.cast())
        }
    }
    emitTime("present")
    gtk_window_present(window.cast())
}
exit(g_application_run(application.cast(), 0, nil))
