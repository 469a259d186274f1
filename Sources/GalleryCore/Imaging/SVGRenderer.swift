import CGtk
import Foundation
import Glibc
import GObjectSupport

/// Renders SVGs in a child process with hard limits, because an SVG is a program: a 400-byte
/// file of two large blurs and a morphology took 216 s of CPU and 1.8 GB rendered in-process
/// at 8192 px, and librsvg offers no way to stop a render once it runs.
///
/// The child is this app itself, started again in its hidden `--render-svg` mode
/// (`SVGRenderChild`): it sets `RLIMIT_CPU` and `RLIMIT_AS` on itself before it reads a byte,
/// renders with the same gdk-pixbuf loader and size gate as any image, and writes raw RGBA
/// back. The parent kills it when the wall-clock limit passes or the decode is cancelled, and
/// reports `.tooLarge` (too heavy to show) when it dies of its limits.
///
/// Originals render at most `maxOriginalSide` px on their longest side: a fixed cap instead of
/// the viewer's size, because the decode does not know its window. 2560 px covers a 1440p
/// screen at 1:1; a vector image never needed more pixels than the screen shows.
enum SVGRenderer {
    static let childFlag = "--render-svg"
    static let maxOriginalSide = 2560
    /// Seconds of CPU the child may use: a real SVG (icons, charts, maps) renders in well under
    /// one at 2560 px on a slow core.
    static let cpuSeconds = 4
    /// Wall-clock limit, for a child starved of CPU by other decodes or stopped.
    static let wallSeconds = 10.0
    /// Address space of the child: its libraries take ~250 MB of it; the rest holds a 2560 px
    /// surface and librsvg's filter intermediates several times over.
    static let addressSpaceBytes = 768 * 1024 * 1024
    /// A child's resident memory before it renders (runtime and libraries, ~44 MB measured), in
    /// the budget's unit of 4-byte pixels: about nine thumbnail renders at most at once.
    static let childOverheadPixels = 11_000_000

    /// True in the child: it renders in-process (it is the sandbox).
    static let isRenderingChild = CommandLine.arguments.dropFirst().first == childFlag

    /// `link-gallery` itself, or beside the running executable (the test and benchmark
    /// runners live in the same build folder).
    static let executablePath: String? = {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let url = URL(fileURLWithPath: own)
        if url.lastPathComponent == "link-gallery" { return own }
        let sibling = url.deletingLastPathComponent().appendingPathComponent("link-gallery").path
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    }()

    static func render(_ data: Data, gate: LoaderSizeGate) throws(ImageLoadError) -> PixbufLoading.Loaded {
        let fit = cappedFit(gate.fit)
        guard gate.reserve(pixels: budgetPixels(for: fit)) else { throw .cancelled }
        var handedOver = false
        defer { if !handedOver { gate.releaseBudget() } }
        guard let executablePath else { throw .damaged }
        let arguments = [executablePath, childFlag, String(gate.maxPixels)] + fitArguments(fit)
        let output = try ChildRun(arguments: arguments, input: data, maxOutput: 16 + outputPixels(for: fit) * 4,
                                  cancellation: gate.cancellation).result()
        let loaded = try decodeOutput(output)
        handedOver = true
        return PixbufLoading.Loaded(pixbuf: loaded.pixbuf, declaredWidth: loaded.declaredWidth,
                                    declaredHeight: loaded.declaredHeight, budget: gate.takeReservation())
    }

    /// The gate's fit with originals capped at `maxOriginalSide`.
    static func cappedFit(_ fit: LoaderSizeGate.Fit) -> LoaderSizeGate.Fit {
        switch fit {
        case .inside(let maxSide): return .inside(maxSide: min(maxSide, maxOriginalSide))
        case .cover(let side, let maxSide): return .cover(side: side, maxSide: min(maxSide, maxOriginalSide))
        case .within(let width, let height, let maxSide):
            return .within(width: width, height: height, maxSide: min(maxSide, maxOriginalSide))
        }
    }

    /// What a render may take, known before it starts (the SVG's size is not): the child, the
    /// surface it renders and about two more for filter intermediates.
    static func budgetPixels(for fit: LoaderSizeGate.Fit) -> Int {
        childOverheadPixels + 3 * outputPixels(for: fit)
    }

    /// The most pixels the child may hand back for `fit`.
    static func outputPixels(for fit: LoaderSizeGate.Fit) -> Int {
        switch fit {
        case .inside(let maxSide): return maxSide * maxSide
        case .cover(let side, let maxSide): return min(side, maxSide) * maxSide
        case .within(let width, let height, let maxSide): return min(width, maxSide) * min(height, maxSide)
        }
    }

    static func fitArguments(_ fit: LoaderSizeGate.Fit) -> [String] {
        switch fit {
        case .inside(let maxSide): return ["inside", String(maxSide)]
        case .cover(let side, let maxSide): return ["cover", String(side), String(maxSide)]
        case .within(let width, let height, let maxSide): return ["within", String(width), String(height), String(maxSide)]
        }
    }

    static func fit(arguments: ArraySlice<String>) -> LoaderSizeGate.Fit? {
        let numbers = arguments.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
        switch (arguments.first, numbers.count) {
        case ("inside", 1): return .inside(maxSide: numbers[0])
        case ("cover", 2): return .cover(side: numbers[0], maxSide: numbers[1])
        case ("within", 3): return .within(width: numbers[0], height: numbers[1], maxSide: numbers[2])
        default: return nil
        }
    }

    /// Output: declared width, declared height, width, height (UInt32, little-endian), then
    /// width × height RGBA pixels, rows packed.
    private static func decodeOutput(_ output: Data) throws(ImageLoadError) -> PixbufLoading.Loaded {
        guard output.count >= 16 else { throw .damaged }
        let fields = (0..<4).map { index in
            output.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))) }
        }
        let width = fields[2], height = fields[3]
        guard width > 0, height > 0, output.count == 16 + width * height * 4 else { throw .damaged }
        let bytes = output.subdata(in: 16..<output.count).withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let pixbuf = gdk_pixbuf_new_from_bytes(bytes, GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height),
                                                     gint(width * 4)) else { throw .damaged }
        return PixbufLoading.Loaded(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(pixbuf)),
                                    declaredWidth: fields[0], declaredHeight: fields[1])
    }
}
