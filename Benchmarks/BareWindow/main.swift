// bare-window: the reference for the warm-start benchmark. The least a GTK 4 application does
// before a person sees anything: a GtkApplication (default flags, so it registers on the session
// bus like link-gallery) opens one empty window at the gallery's benchmark size, prints the
// monotonic time of the first frame's `after-paint` and its resident memory, and quits.
// Built by the same toolchain and in the same configuration as link-gallery (tools/bench).
//
//   bare-window            prints "first-frame <CLOCK_MONOTONIC ms>" and "rss-kb <VmRSS kB>",
//                          and before them "startup", "present" and "first-layout-done" (the
//                          first frame's layout phase ended), the app's trace events of the same names
import CGtk
import Foundation
import GObjectSupport

/// CLOCK_MONOTONIC in milliseconds: the clock the benchmark driver read when it spawned us.
func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// VmRSS from /proc/self/status, in kB.
func residentKilobytes() -> String {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return line.split(separator: " ").dropFirst().first.map(String.init) ?? "0"
}

let application = gtk_application_new("io.github.linkgallery.BareWindow", G_APPLICATION_DEFAULT_FLAGS)!
func printTime(_ event: String) { print(event, String(format: "%.3f", monotonicMilliseconds())) }
Signal.connect(application, "startup", after: true) { printTime("startup") }
Signal.connect(application, "activate") {
    let window = gtk_application_window_new(application)!
    gtk_window_set_title(window.cast(), "Bare window")
    gtk_window_set_default_size(window.cast(), 1920, 1080)
    gtk_window_maximize(window.cast())
    Signal.connect(window, "map") {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        var printed = false
        var laidOut = false
        Signal.connect(clock, "layout", after: true) {
            guard !laidOut else { return }
            laidOut = true
            printTime("first-layout-done")
        }
        Signal.connect(clock, "after-paint") {
            guard !printed else { return }
            printed = true
            printTime("first-frame")
            print("rss-kb", residentKilobytes())
            g_application_quit(application.cast())
        }
    }
    printTime("present")
    gtk_window_present(window.cast())
}
exit(g_application_run(application.cast(), 0, nil))
