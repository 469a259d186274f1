import CGtk
import Foundation
import Glibc

/// The `--render-svg` mode of the app's own executable: the child side of `SVGRenderer`.
///
/// `link-gallery --render-svg <max pixels> inside <max side>` (or `cover <side> <max side>`)
/// reads an SVG on standard input and writes `SVGRenderer`'s raw RGBA format on standard output.
/// Its limits are set before anything else, so not even reading the input escapes them.
public enum SVGRenderChild {
    /// Runs the mode and exits when `arguments` ask for it; returns otherwise. Call first thing
    /// in `main`, before any library starts threads.
    public static func runIfAsked(arguments: [String]) {
        guard arguments.dropFirst().first == SVGRenderer.childFlag else { return }
        limit(RLIMIT_CPU, to: SVGRenderer.cpuSeconds)
        limit(RLIMIT_AS, to: SVGRenderer.addressSpaceBytes)
        exit(render(arguments: arguments.dropFirst(2)))
    }

    private static func render(arguments: ArraySlice<String>) -> Int32 {
        guard let maxPixels = arguments.first.flatMap({ Int($0) }),
              let fit = SVGRenderer.fit(arguments: arguments.dropFirst()) else {
            return ChildRun.ExitCode.badArguments.rawValue
        }
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let loaded: PixbufLoading.Loaded
        do {
            loaded = try PixbufLoading.load(input, gate: LoaderSizeGate(maxPixels: maxPixels, fit: fit, budget: nil))
        } catch {
            switch error {
            case .tooLarge: return ChildRun.ExitCode.tooLarge.rawValue
            case .notAnImage: return ChildRun.ExitCode.notAnImage.rawValue
            default: return ChildRun.ExitCode.damaged.rawValue
            }
        }
        guard let rgba = gdk_pixbuf_get_has_alpha(loaded.pointer) != 0
                ? g_object_ref(UnsafeMutableRawPointer(loaded.pointer)).map({ OpaquePointer($0) })
                : gdk_pixbuf_add_alpha(loaded.pointer, 0, 0, 0, 0) else { return ChildRun.ExitCode.damaged.rawValue }
        defer { g_object_unref(UnsafeMutableRawPointer(rgba)) }
        let width = Int(gdk_pixbuf_get_width(rgba)), height = Int(gdk_pixbuf_get_height(rgba))
        let stride = Int(gdk_pixbuf_get_rowstride(rgba))
        var output = Data(capacity: 16 + width * height * 4)
        for field in [loaded.declaredWidth, loaded.declaredHeight, width, height] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: field).littleEndian) { output.append(contentsOf: $0) }
        }
        let pixels = gdk_pixbuf_read_pixels(rgba)!
        for row in 0..<height {
            output.append(pixels + row * stride, count: width * 4)
        }
        FileHandle.standardOutput.write(output)
        return 0
    }

    private static func limit(_ resource: __rlimit_resource, to value: Int) {
        let resource = __rlimit_resource_t(resource.rawValue)
        var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        setrlimit(resource, &limit)
    }
}
