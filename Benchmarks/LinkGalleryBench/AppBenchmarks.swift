import Foundation

/// The app-level rows: the release app in a 1920×1080 window on its own Xvfb + openbox, against
/// the fixture server on 127.0.0.1 (see `AppLevelRun` and Benchmarks/AppBench/).
enum AppBenchmarks {
    static let explanation = """
        The release `link-gallery`, maximized at 1920×1080 on its own Xvfb + openbox in a private \
        D-Bus session, fresh XDG cache and config folders per run, timed from spawn with \
        `LINK_GALLERY_TRACE` (events aligned to CLOCK_MONOTONIC). **Cold fill**: 200 images (140 \
        search-size JPEGs behind extensionless URLs, 40 photos of 1–2.5 MP, 8 PNGs, 8 × 12 MP and \
        4 × 24 MP JPEGs), every response delayed 30 ms by the server, launch → \
        `all-thumbnails-ready`; reference: `curl` the links file, `curl --parallel --parallel-max 6` \
        every URL, then `vipsthumbnail -s 126x126 --smartcrop centre` (the app's size) on all of them (one process per core), from the \
        first spawn to the last exit. **Warm start**: the cache a cold fill left, launch → \
        `visible-thumbnails-shown` (the end of the first frame painted with every thumbnail on \
        screen in it); reference: `bare-window` (Benchmarks/BareWindow, same toolchain and \
        build), spawn → its first frame's `after-paint`. The breakdown row gives the milestones \
        both report: GApplication `startup`, `present`, the first frame laid out, painted. **Memory**: VmRSS after a \
        fast wheel scroll (xdotool, one notch per 16 ms) from top to bottom of 10,000 image lines, \
        and VmHWM during the cold fill. **Smoothness**: the main loop's longest lateness for a 5 ms \
        tick after the first frame (`max-stall-ms`, `stall-ms`): during the cold fill, and during \
        the scroll (until 1 s after the last notch). The scroll rows are repeated as a second \
        launch, with Mesa's shader cache from the cold fill: llvmpipe compiles every GL shader \
        with LLVM on its first use in a fresh cache. Targets: cold fill ≤ 1.3×, warm start ≤ 1.5×, \
        memory < 300 MB, stalls < 16 ms. **Scrolling reference**: `bare-grid` (Benchmarks/BareGrid), \
        GTK's own GtkGridView of 10,000 pictures with their textures already in memory, scrolled \
        the same way: how often GTK paints and how long it stalls with nothing to load.
        """

    static var rows: [BenchmarkSuite.Row] {
        let memoryFirst: BenchmarkSuite.Row = { memoryAfterScrolling($0, secondLaunch: false) }
        let memorySecond: BenchmarkSuite.Row = { memoryAfterScrolling($0, secondLaunch: true) }
        let stallFirst: BenchmarkSuite.Row = { stallWhileScrolling($0, secondLaunch: false) }
        let stallSecond: BenchmarkSuite.Row = { stallWhileScrolling($0, secondLaunch: true) }
        return [coldFill, warmStart, warmStartBreakdown, memoryFirst, memorySecond, peakMemoryDuringColdFill, stallDuringColdFill,
                stallFirst, stallSecond, frameIntervalWhileScrolling]
    }

    private static func results(_ context: BenchContext) throws -> AppLevelResults {
        try context.remember("app-level") { try AppLevelRun.measure(context) }
    }

    private static func ms(_ value: Double) -> String { String(format: "%.0f ms", value) }
    private static func mib(_ kilobytes: Double) -> String { String(format: "%.0f MiB", kilobytes / 1024) }
    private static func ratio(_ app: Double, _ reference: Double) -> String { String(format: "%.2f×", app / reference) }

    static func coldFill(_ context: BenchContext) -> BenchmarkRow {
        let name = "Cold fill: 200 images, 30 ms latency, empty cache → all thumbnails ready"
        return BenchmarkRow.attempt(name) {
            guard let runs = try results(context).cold, !runs.isEmpty else { return .unavailable(name, because: "no cold-fill runs") }
            let app = median(runs.map(\.allReadyMs)), reference = median(runs.map(\.referenceMs))
            let note = "app: first frame at \(ms(median(runs.map(\.firstFrameMs)))), \(runs[0].tiles) tiles; reference: links file "
                + "\(ms(median(runs.map(\.linksMs)))) + downloads \(ms(median(runs.map(\.curlMs)))) + vipsthumbnail "
                + "\(ms(median(runs.map(\.vipsMs)))); target ≤ 1.3×; \(runs.count) runs"
            return BenchmarkRow(name: name, app: ms(app), reference: "curl --parallel 6 + vipsthumbnail: \(ms(reference))",
                                ratio: ratio(app, reference), note: note)
        }
    }

    static func warmStart(_ context: BenchContext) -> BenchmarkRow {
        let name = "Warm start: everything cached → a frame with the visible thumbnails painted"
        return BenchmarkRow.attempt(name) {
            guard let runs = try results(context).warm, !runs.isEmpty else { return .unavailable(name, because: "no warm-start runs") }
            let app = median(runs.map(\.visibleShownMs)), reference = median(runs.map(\.bareFirstFrameMs))
            let grid = runs.compactMap(\.gridFirstFrameMs)
            let context = grid.isEmpty ? "" : "for context, GtkGridView's first frame with 200 pictures already in memory: "
                + "\(ms(median(grid))); "
            let note = "app: first frame at \(ms(median(runs.map(\.firstFrameMs)))), thumbnails decoded at "
                + "\(ms(median(runs.map(\.visibleReadyMs)))), \(runs[0].tiles) tiles on screen, "
                + "\(runs.compactMap(\.fades).reduce(0, +)) faded in (all runs); " + context
                + "target ≤ 1.5×; \(runs.count) runs"
            return BenchmarkRow(name: name, app: ms(app), reference: "bare GTK 4 window, first frame: \(ms(reference))",
                                ratio: ratio(app, reference), note: note)
        }
    }

    /// Where a warm start's time goes, next to the same milestones of the bare window.
    static func warmStartBreakdown(_ context: BenchContext) -> BenchmarkRow {
        let name = "Warm start, milestones (startup · present · first frame laid out · painted)"
        return BenchmarkRow.attempt(name) {
            guard let runs = try results(context).warm, !runs.isEmpty else { return .unavailable(name, because: "no warm-start runs") }
            func milestones(_ values: [(AppLevelResults.WarmStart) -> Double?]) -> String? {
                let medians = values.map { value in runs.compactMap(value) }
                guard medians.allSatisfy({ !$0.isEmpty }) else { return nil }
                return medians.map { String(format: "%.0f", median($0)) }.joined(separator: " · ") + " ms"
            }
            guard let app = milestones([\.startupMs, \.presentMs, \.firstLayoutDoneMs, { $0.firstFrameMs }]),
                  let bare = milestones([\.bareStartupMs, \.barePresentMs, \.bareFirstLayoutDoneMs, { $0.bareFirstFrameMs }]) else {
                return .unavailable(name, because: "runs from a driver without milestones")
            }
            let grid = milestones([\.gridStartupMs, \.gridPresentMs, \.gridFirstLayoutDoneMs, \.gridFirstFrameMs])
                .map { "; GtkGridView of 200 pictures: \($0)" } ?? ""
            return BenchmarkRow(name: name, app: app, reference: "bare window: \(bare)" + grid, ratio: "—",
                                note: "medians of \(runs.count) runs; the thumbnails are shown one frame after `painted` when they come later")
        }
    }

    /// The scroll runs and the row name for the first or the second launch (Mesa's compiled
    /// shaders kept from an earlier run).
    private static func scrollRuns(_ measured: AppLevelResults, secondLaunch: Bool) -> [AppLevelResults.Scrolled]? {
        let runs = secondLaunch ? measured.scrollSecondLaunch : measured.scroll
        return runs?.isEmpty == false ? runs : nil
    }

    private static func scrollRowName(_ name: String, secondLaunch: Bool) -> String {
        secondLaunch ? name + ", second launch (GL shaders compiled by an earlier run)" : name
    }

    static func memoryAfterScrolling(_ context: BenchContext, secondLaunch: Bool = false) -> BenchmarkRow {
        let name = scrollRowName("Memory: RSS with 10,000 image lines after scrolling top to bottom", secondLaunch: secondLaunch)
        return BenchmarkRow.attempt(name) {
            let measured = try results(context)
            guard let runs = scrollRuns(measured, secondLaunch: secondLaunch) else { return .unavailable(name, because: "no scroll runs") }
            let app = median(runs.map(\.rssAfterKb))
            let target = 300.0 * 1000 * 1000 / 1024 // 300 MB in kB
            var note = "at the top before scrolling \(mib(median(runs.map(\.rssBeforeKb)))), peak \(mib(median(runs.map(\.hwmKb))))"
            let anonymous = runs.compactMap(\.anonymousAfterKb), llvmCode = runs.compactMap(\.llvmCodeAfterKb)
            if anonymous.count == runs.count, llvmCode.count == runs.count {
                note += "; after scrolling, anonymous memory (the app's own) \(mib(median(anonymous)))"
                    + " and Mesa's LLVM library code \(mib(median(llvmCode))) (file-backed, shared)"
            }
            if let placeholders = measured.placeholders, !placeholders.isEmpty {
                note += "; 10,000 text lines (placeholders only) \(mib(median(placeholders.map(\.rssKb))))"
            }
            if let bare = measured.bareWindow, !bare.isEmpty {
                note += "; bare GTK 4 window \(mib(median(bare.map(\.bareRssKb))))"
            }
            note += "; scrolled to line \(runs.map(\.deepestLineLoaded).max() ?? -1) of 10,000; target < 300 MB; \(runs.count) runs"
            return BenchmarkRow(name: name, app: mib(app), reference: "target: 300 MB (\(mib(target)))",
                                ratio: ratio(app, target), note: note)
        }
    }

    static func peakMemoryDuringColdFill(_ context: BenchContext) -> BenchmarkRow {
        let name = "Memory: peak RSS (VmHWM) during the cold fill"
        return BenchmarkRow.attempt(name) {
            let measured = try results(context)
            guard let runs = measured.cold, !runs.isEmpty, let bare = measured.warm.map({ $0.map(\.bareRssKb) }) ?? measured.bareWindow?.map(\.bareRssKb),
                  !bare.isEmpty
            else { return .unavailable(name, because: "no cold-fill or bare-window runs") }
            let app = median(runs.map(\.peakRssKb)), reference = median(bare)
            return BenchmarkRow(name: name, app: mib(app), reference: "bare GTK 4 window: \(mib(reference))",
                                ratio: ratio(app, reference), note: "200 images, 12 of them 12–24 MP; \(runs.count) runs")
        }
    }

    static func stallDuringColdFill(_ context: BenchContext) -> BenchmarkRow {
        let name = "Smoothness: longest main-loop stall during the cold fill"
        return BenchmarkRow.attempt(name) {
            guard let runs = try results(context).cold, !runs.isEmpty else { return .unavailable(name, because: "no cold-fill runs") }
            let app = median(runs.map(\.maxStallMs))
            let note = "stalls ≥ 16 ms per fill: \(Int(median(runs.map { Double($0.stallsOver16) }))) (median); "
                + "first frame → all thumbnails ready; \(runs.count) runs"
            return BenchmarkRow(name: name, app: String(format: "%.0f ms", app), reference: "target: 16 ms",
                                ratio: ratio(app, 16), note: note)
        }
    }

    static func stallWhileScrolling(_ context: BenchContext, secondLaunch: Bool = false) -> BenchmarkRow {
        let name = scrollRowName("Smoothness: longest main-loop stall while scrolling 10,000 lines fast", secondLaunch: secondLaunch)
        return BenchmarkRow.attempt(name) {
            let measured = try results(context)
            guard let runs = scrollRuns(measured, secondLaunch: secondLaunch) else { return .unavailable(name, because: "no scroll runs") }
            let app = median(runs.map(\.maxStallMs))
            var note = "\(measured.scrollNotches) wheel notches, one per \(measured.scrollDelayMs) ms (took "
                + "\(ms(median(runs.map(\.scrollMs))))); stalls ≥ 16 ms: \(Int(median(runs.map { Double($0.stallsOver16) }))) (median); "
                + "0 means none reached 8 ms; \(runs.count) runs"
            if let reference = measured.scrollReference, !reference.isEmpty {
                note += "; GtkGridView reference (bare-grid): longest \(ms(median(reference.map(\.maxStallMs))))"
            }
            return BenchmarkRow(name: name, app: String(format: "%.0f ms", app), reference: "target: 16 ms",
                                ratio: ratio(app, 16), note: note)
        }
    }

    /// How often frames come while scrolling, against GTK's own grid scrolled the same way.
    static func frameIntervalWhileScrolling(_ context: BenchContext) -> BenchmarkRow {
        let name = "Smoothness: time between frames while scrolling 10,000 lines fast, median (95th percentile)"
        return BenchmarkRow.attempt(name) {
            let measured = try results(context)
            guard let runs = scrollRuns(measured, secondLaunch: false) else { return .unavailable(name, because: "no scroll runs") }
            guard let references = measured.scrollReference, !references.isEmpty else {
                return .unavailable(name, because: "no bare-grid runs")
            }
            let app = median(runs.compactMap(\.medianFrameMs)), appTail = median(runs.compactMap(\.p95FrameMs))
            let reference = median(references.map(\.medianFrameMs)), referenceTail = median(references.map(\.p95FrameMs))
            let note = "from each painted frame's `after-paint`; reference: `bare-grid`, a GtkGridView of 10,000 "
                + "GtkPictures whose textures are made before the first frame, nothing loading, fresh shader cache, "
                + "scrolled the same way; 60 Hz would be 16.7 ms; \(runs.count) + \(references.count) runs"
            return BenchmarkRow(name: name, app: "\(ms(app)) (\(ms(appTail)))",
                                reference: "GtkGridView: \(ms(reference)) (\(ms(referenceTail)))",
                                ratio: ratio(app, reference), note: note)
        }
    }
}
