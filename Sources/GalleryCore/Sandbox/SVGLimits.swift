import Foundation

/// What an SVG may cost, because an SVG is a program: a 400-byte file of two large blurs and a
/// morphology took 216 s of CPU and 1.8 GB rendered in-process at 8192 px, and librsvg offers
/// no way to stop a render once it runs. SVGs render in a sandboxed decode worker
/// (`SandboxedDecoding`) under these limits: the worker dies when it passes its CPU or memory
/// allowance, or is killed at the wall-clock limit or when nobody waits any more.
///
/// Originals render at most `maxOriginalSide` px on their longest side: a fixed cap instead of
/// the viewer's size, because the decode does not know its window. 2560 px covers a 1440p
/// screen at 1:1; a vector image never needed more pixels than the screen shows.
enum SVGLimits {
    static let maxOriginalSide = 2560
    /// Seconds of CPU a render may use: a real SVG (icons, charts, maps) renders in well under
    /// one at 2560 px on a slow core.
    static let cpuSeconds = 4
    /// Wall-clock limit, for a render starved of CPU by other decodes or stopped.
    static let wallSeconds = 10.0
    /// Address space of the worker while it renders: its libraries take ~250 MB of it; the rest
    /// holds a 2560 px surface and librsvg's filter intermediates several times over.
    static let addressSpaceBytes = 768 * 1024 * 1024

    /// The gate's fit with originals capped at `maxOriginalSide`.
    static func cappedFit(_ fit: LoaderSizeGate.Fit) -> LoaderSizeGate.Fit {
        switch fit {
        case .inside(let maxSide): return .inside(maxSide: min(maxSide, maxOriginalSide))
        case .cover(let side, let maxSide): return .cover(side: side, maxSide: min(maxSide, maxOriginalSide))
        case .within(let width, let height, let maxSide):
            return .within(width: width, height: height, maxSide: min(maxSide, maxOriginalSide))
        }
    }
}
