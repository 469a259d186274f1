import Foundation

/// What `Benchmarks/AppBench/app_bench.py` measured, one entry per run (times in milliseconds
/// since the app was spawned, memory in kB). Medians are taken here, like every other row.
struct AppLevelResults: Decodable {
    struct ColdFill: Decodable {
        let allReadyMs: Double
        let firstFrameMs: Double
        let tiles: Int
        let peakRssKb: Double
        let maxStallMs: Double
        let stallsOver16: Int
        let referenceMs: Double
        let linksMs: Double
        let curlMs: Double
        let vipsMs: Double
        let thumbnails: Int
    }

    struct WarmStart: Decodable {
        /// The end of the first frame painted with every visible thumbnail in it.
        let visibleShownMs: Double
        /// When the last visible thumbnail was decoded (`visibleShownMs` is the frame after it).
        let visibleReadyMs: Double
        let firstFrameMs: Double
        /// Milestones on the way (ms from spawn); the bare window reports the same ones.
        let startupMs: Double?
        let presentMs: Double?
        let firstLayoutDoneMs: Double?
        let tiles: Int
        let rssKb: Double
        /// Thumbnails that faded in (each fade hides its thumbnail in the frame measured).
        let fades: Int?
        let bareFirstFrameMs: Double
        let bareStartupMs: Double?
        let barePresentMs: Double?
        let bareFirstLayoutDoneMs: Double?
        let bareRssKb: Double
        /// `bare-grid 200`: GtkGridView's first frame with 200 pictures from memory (context),
        /// and its milestones before it.
        let gridFirstFrameMs: Double?
        let gridStartupMs: Double?
        let gridPresentMs: Double?
        let gridFirstLayoutDoneMs: Double?
    }

    struct Scrolled: Decodable {
        let rssBeforeKb: Double
        let rssAfterKb: Double
        let hwmKb: Double
        /// Of `rssAfterKb`: anonymous memory (the app's own), and the pages of Mesa's LLVM
        /// library mapped in (file-backed, shared; more of it the more llvmpipe compiled).
        let anonymousAfterKb: Double?
        let llvmCodeAfterKb: Double?
        let scrollMs: Double
        let maxStallMs: Double
        /// Time between painted frames during the scroll: median and 95th percentile.
        let medianFrameMs: Double?
        let p95FrameMs: Double?
        let stallsOver16: Int
        let deepestLineLoaded: Int
        let downloads: Int
    }

    /// `bare-grid` (GTK's GtkGridView, textures in memory) scrolled the same way.
    struct ScrollReference: Decodable {
        let maxStallMs: Double
        let medianFrameMs: Double
        let p95FrameMs: Double
        let stallsOver16: Int
    }

    struct Placeholders: Decodable {
        let rssKb: Double
        let tiles: Int
    }

    struct BareWindow: Decodable {
        let bareFirstFrameMs: Double
        let bareRssKb: Double
    }

    let window: String
    let latencyMs: Int
    let scrollNotches: Int
    let scrollDelayMs: Int
    let cold: [ColdFill]?
    let warm: [WarmStart]?
    let scroll: [Scrolled]?
    /// The same scroll with Mesa's compiled shaders kept from an earlier run (a second launch).
    let scrollSecondLaunch: [Scrolled]?
    let scrollReference: [ScrollReference]?
    let placeholders: [Placeholders]?
    let bareWindow: [BareWindow]?
}

/// The middle value of a few runs (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}
