import CGtk
import Foundation
import GalleryCore

/// What finding duplicates adds to filling the grid (issue 55): thumbnails made with their
/// look and grouped as they come (`DuplicateGroups` over `LookIndex`), against the same
/// thumbnails made without, in the same run, at 1,000 and 10,000 pictures.
enum DuplicateBenchmarks {
    static let explanation = """
        App: `ImageDecoder.thumbnail` of N different 0.05 MP JPEGs (seeded gradients and rectangles, every \
        tenth a copy of another at another quality, as lists repeat pictures), each with its look \
        (`LookHash`) added to `DuplicateGroups` as a grid fills. Reference: the same thumbnails \
        with `findsLook: false` and no grouping. Decoding as the grid's thumbnails do, bytes in \
        memory (no network: with downloads the share of finding is smaller still); the two alternate run by run, each first every other run. Target: ≤ 1.05×. \
        The note gives the pictures grouped, those grouped with a picture that is not theirs, and the memory the looks and their index entries take, counted.
        """

    static var rows: [BenchmarkSuite.Row] { [{ fill(1000, runs: $0.runs, $0) }, { fill(10000, runs: 1, $0) }] }

    private static func fill(_ count: Int, runs: Int, _ context: BenchContext) -> BenchmarkRow {
        let name = "Thumbnails of \(count.formatted()) pictures, with duplicate finding"
        return BenchmarkRow.attempt(name) {
            let pictures = try (0..<count).map { index in
                // Every tenth picture is an earlier one again, encoded at another quality.
                try jpeg(seed: index % 10 == 9 ? index / 2 : index, quality: index % 10 == 9 ? 70 : 90) // `source` below
            }
            var groups = DuplicateGroups(), looks: [LookHash] = []
            func without() throws(LoadError) {
                for data in pictures { _ = try ImageDecoder.thumbnail(from: data, side: BenchContext.thumbnailSide, findsLook: false) }
            }
            func with() throws(LoadError) {
                groups = DuplicateGroups()
                looks = []
                for (index, data) in pictures.enumerated() {
                    if let look = try ImageDecoder.thumbnail(from: data, side: BenchContext.thumbnailSide).image.look {
                        groups.add(index, look: look)
                        looks.append(look)
                    }
                }
            }
            // Alternated, after one of each unmeasured: the machine's drift falls on both alike.
            try without()
            try with()
            let clock = ContinuousClock()
            var withSamples: [Duration] = [], withoutSamples: [Duration] = []
            for run in 0..<max(2, runs) {
                // Each goes first every other run: the second of two passes over the same bytes
                // runs faster (caches, the workers' warm memory), which would favour one.
                if run.isMultiple(of: 2) { withoutSamples.append(try clock.measure(without)) }
                withSamples.append(try clock.measure(with))
                if !run.isMultiple(of: 2) { withoutSamples.append(try clock.measure(without)) }
            }
            // What the looks hold, counted (the heap's growth is lost among the thumbnails' frees):
            // each look's fields (twice: with and without shades) and its 256 shades, four links
            // of 32 bits, and the index's heads (4 × 65,536 of 32 bits).
            let looksMiB = Double(looks.count * (2 * MemoryLayout<LookHash>.stride + 256 + 4 * 4) + 4 * 65536 * 4) / 1_048_576
            // Picture `index` is seed `source(index)`'s: a group of other seeds joined different pictures.
            func source(_ index: Int) -> Int { index % 10 == 9 ? index / 2 : index }
            let grouped = (0..<count).count { groups.group(of: $0).count > 1 }
            let wrong = (0..<count).count { index in groups.group(of: index).contains { source($0) != source(index) } }
            return BenchmarkRow(name: name, app: Timing(samples: withSamples), reference: Timing(samples: withoutSamples),
                                referenceName: "without",
                                note: String(format: "%d of %d pictures in a group of copies, %d of them with a different picture; "
                                             + "%d looks and their index entries: %.1f MiB; %.0f looks compared per look", grouped, count, wrong,
                                             looks.count, looksMiB, Double(groups.comparisons) / Double(max(1, groups.count))))
        }
    }

    /// A 272 × 184 JPEG that only `seed` decides: a gradient between two colours under six
    /// rectangles of their own colours, all drawn from the seed.
    private static func jpeg(seed: Int, quality: Int) throws -> Data {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 272, 184), let pixels = gdk_pixbuf_get_pixels(pixbuf) else {
            throw TestJPEG.Failure(description: "cannot allocate a picture")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let from = (next(256), next(256), next(256)), to = (next(256), next(256), next(256))
        let boxes = (0..<6).map { _ in (x: next(240), y: next(160), width: 20 + next(120), height: 20 + next(90), colour: (next(256), next(256), next(256))) }
        for y in 0..<184 {
            for x in 0..<272 {
                var colour = (from.0 + (to.0 - from.0) * x / 272, from.1 + (to.1 - from.1) * y / 184, from.2 + (to.2 - from.2) * (x + y) / 456)
                for box in boxes where (box.x..<box.x + box.width).contains(x) && (box.y..<box.y + box.height).contains(y) { colour = box.colour }
                let pixel = pixels + y * stride + x * 3
                (pixel[0], pixel[1], pixel[2]) = (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2))
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(quality)), nil]
        defer { (keys + values).forEach { free($0) } }
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &keys, &values, nil) != 0, let buffer else {
            throw TestJPEG.Failure(description: "cannot encode a picture")
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}
