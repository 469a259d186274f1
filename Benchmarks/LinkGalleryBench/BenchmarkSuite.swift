/// Every section and row of the report, in order.
///
/// Adding a measurement is one function `(BenchContext) -> BenchmarkRow` listed here; it
/// measures the app and a reference in the same run and returns the row. App-level rows
/// (cold fill, warm start, memory, smoothness) share one run of the app driver (`AppLevelRun`).
enum BenchmarkSuite {
    typealias Row = (BenchContext) -> BenchmarkRow

    struct Section {
        let title: String
        let explanation: String
        let rows: [Row]
    }

    static func sections(_ context: BenchContext) -> [Section] {
        let imageSizes = [TestJPEG.thumbnailLike, TestJPEG.twelveMegapixels, TestJPEG.twentyFourMegapixels]
        let thumbnailRows: [Row] = [ThumbnailBenchmarks.processStart] + imageSizes.flatMap { size -> [Row] in
            [
                { ThumbnailBenchmarks.inProcessVersusVips(size, $0) },
                { ThumbnailBenchmarks.processVersusVips(size, $0) },
                { ThumbnailBenchmarks.processVersusGdkPixbufThumbnailer(size, $0) },
            ]
        }
        let linkCounts = [10_000, 100_000]
        let linksRows: [Row] = linkCounts.flatMap { lines -> [Row] in
            [
                { LinksBenchmarks.parseAndClassifyVersusFloor(lines, $0) },
                { LinksBenchmarks.parseOnlyVersusFloor(lines, $0) },
                { LinksBenchmarks.parseAndClassifyVersusURLParsing(lines, $0) },
                { LinksBenchmarks.parseAndClassifyVersusURLParsing(lines, keepingURLs: true, $0) },
                { LinksBenchmarks.parseAndClassifyVersusAwk(lines, $0) },
                { LinksBenchmarks.heldListVersusFileSize(lines, $0) },
            ]
        }
        let appSection = Section(title: "App-level: cold fill, warm start, memory, smoothness",
                                 explanation: AppBenchmarks.explanation, rows: AppBenchmarks.rows)
        return [
            Section(title: "Thumbnails: JPEG → \(BenchContext.thumbnailSide) px square PNG", explanation: ThumbnailBenchmarks.explanation, rows: thumbnailRows),
            Section(title: "Links file: parse and classify", explanation: LinksBenchmarks.explanation, rows: linksRows),
            Section(title: "Pictures: colour management, HEIC and AVIF, zoomed regions",
                    explanation: PictureFormatBenchmarks.explanation, rows: PictureFormatBenchmarks.rows),
            Section(title: "New formats: JPEG XL, camera RAW, animated AVIF",
                    explanation: NewFormatBenchmarks.explanation, rows: NewFormatBenchmarks.rows),
            Section(title: "Decoder sandbox: the worker pool against in-process decoding",
                    explanation: SandboxBenchmarks.explanation, rows: SandboxBenchmarks.rows),
            Section(title: "Save to Folder: cached originals against cp",
                    explanation: SavingBenchmarks.explanation, rows: SavingBenchmarks.rows),
            Section(title: "Real servers: a rate-limited host, a broken download",
                    explanation: ServerBenchmarks.explanation, rows: ServerBenchmarks.rows),
            Section(title: "Duplicates: finding copies while thumbnails are made",
                    explanation: DuplicateBenchmarks.explanation, rows: DuplicateBenchmarks.rows),
        ] + (context.includeAppLevel ? [appSection] : [])
    }

    static func measure(_ context: BenchContext) -> BenchmarkReport {
        var report = BenchmarkReport(context: context)
        let chosen = sections(context).filter { section in
            context.sectionFilter.map { section.title.localizedCaseInsensitiveContains($0) } ?? true
        }
        for section in chosen {
            printError("== \(section.title)")
            let rows = section.rows.map { measureRow in
                let row = measureRow(context)
                printError("   \(row.name): \(row.app) | \(row.reference) | \(row.ratio)")
                return row
            }
            report.add(section, rows: rows)
        }
        report.finish()
        return report
    }
}
