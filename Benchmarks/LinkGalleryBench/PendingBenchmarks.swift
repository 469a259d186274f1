/// Placeholders for the measurements that need the running app. Each becomes one row function
/// (see `BenchmarkSuite`) once the app can be driven from here, e.g. against the fixture server
/// in Tests/Fixtures.
enum PendingBenchmarks {
    static let explanation = "pending: cold fill, warm start, memory, smoothness — need the app."

    static var rows: [BenchmarkSuite.Row] {
        [
            { _ in .unavailable("Cold fill: links file → first screen of thumbnails, empty cache", because: "pending: needs the app") },
            { _ in .unavailable("Warm start: same, thumbnails in the disk cache", because: "pending: needs the app") },
            { _ in .unavailable("Memory: peak RSS after scrolling the whole gallery", because: "pending: needs the app") },
            { _ in .unavailable("Smoothness: frame times while scrolling", because: "pending: needs the app") },
        ]
    }
}
