// bare-page: the floor of the viewer's page turn. The least a GTK 4 application does to turn a
// page: every picture is decoded beforehand to the screen's size (gdk-pixbuf's scale on decode,
// as the app's screen-sized pages), one GtkPicture shows one of them, and Right shows the next
// — no decoding, no prefetch, no slide, nothing but the texture swap and the frame.
//
//   bare-page FILE…        prints "ready" once every picture is decoded and the first one is
//                          painted, then "page-shown <CLOCK_MONOTONIC ms>" after each Right's frame
import BenchReferenceSupport
import CGtk
import Foundation
import GObjectSupport

let files = Array(CommandLine.arguments.dropFirst())
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: bare-page FILE…\n".utf8))
    exit(2)
}

@MainActor
final class Pages {
    let textures: [OpaquePointer]
    /// Made in the content callback: GTK is initialized by then.
    var picture: UnsafeMutablePointer<GtkWidget>!
    var index = 0

    init(files: [String]) {
        textures = files.map { file in
            let pixbuf = gdk_pixbuf_new_from_file_at_scale(file, 1920, 1080, 1, nil)!
            defer { g_object_unref(pixbuf.rawPointer) }
            return gdk_texture_new_for_pixbuf(pixbuf)!
        }
    }

    func makePicture() -> UnsafeMutablePointer<GtkWidget> {
        picture = gtk_picture_new()
        gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_paintable(OpaquePointer(picture), textures[0])
        return picture
    }

    func turn(clock: OpaquePointer) {
        index = (index + 1) % textures.count
        gtk_picture_set_paintable(OpaquePointer(picture), textures[index])
        Signal.connectOnce(clock, .afterPaint) { emitTime("page-shown") }
    }
}

exit(MainActor.assumeIsolated {
    let pages = Pages(files: files)
    return ReferenceWindow.run(id: "io.github.linkgallery.BarePage", title: "Bare page", content: { pages.makePicture() }) { application, clock in
        emit("ready")
        let next = g_simple_action_new("next", nil)!
        Signal.connect(next, .actionActivated) { _ in pages.turn(clock: clock) }
        g_action_map_add_action(OpaquePointer(application), next)
        var accels: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("Right")), nil]
        gtk_application_set_accels_for_action(application, "app.next", &accels)
    }
})
