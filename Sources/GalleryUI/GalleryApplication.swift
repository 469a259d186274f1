import CGtk
import GObjectSupport
import GalleryCore
import Glibc

@MainActor
public enum GalleryApplication {
    public static func run(arguments: [String]) -> Int32 {
        MainLoopBridge.install()
        let app = gtk_application_new(AppIdentity.applicationID, G_APPLICATION_DEFAULT_FLAGS)!
        Signal.connect(app, "activate") {
            let window = gtk_application_window_new(app)!
            gtk_window_set_title(window.cast(), AppIdentity.name)
            gtk_window_present(window.cast())
        }
        return withArrayOfCStrings(arguments) { argv in
            g_application_run(app.cast(), Int32(arguments.count), argv)
        }
    }
}

/// Passes Swift strings to a C `char **argv`.
func withArrayOfCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
