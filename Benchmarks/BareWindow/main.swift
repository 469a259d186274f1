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

exit(ReferenceWindow.run(id: "io.github.linkgallery.BareWindow", title: "Bare window") { application, _ in
    emit("rss-kb " + residentKilobytes())
    g_application_quit(application.cast())
})
