import Foundation

/// Save to Folder: the originals of many pictures written into one folder, exactly as
/// downloaded, each under a name of its own (`SavedFileName`), each written atomically
/// (`NewFileInFolder`).
///
/// Bytes come from the disk cache, or are downloaded at the person-is-waiting priority; a few
/// are fetched ahead while one is written, so a list that must be downloaded is not saved one
/// transfer at a time, and at most `lookahead + 1` originals are held at once (80 MB each at
/// most). Cancelling (the task's cancellation) stops at once: a file half written is no file.
public struct PictureSaving: Sendable {
    public struct Picture: Sendable, Equatable {
        public let url: URL
        /// The name a person reads for it (the link's last part), made safe before use.
        public let title: String
        public init(url: URL, title: String) {
            self.url = url
            self.title = title
        }
    }

    public struct Report: Sendable {
        public var saved: [URL] = []
        public var failed: [(picture: Picture, problem: SaveProblem)] = []
        /// Pictures neither saved nor failed: the person cancelled, or the disk gave out.
        public var notTried = 0
        public var cancelled = false

        public init(saved: [URL] = [], failed: [(picture: Picture, problem: SaveProblem)] = [], notTried: Int = 0, cancelled: Bool = false) {
            self.saved = saved
            self.failed = failed
            self.notTried = notTried
            self.cancelled = cancelled
        }
    }

    public typealias Bytes = @Sendable (URL) async throws -> OriginalFile
    /// Writes a file under `name` or a numbered variant from `from` on; says where and which number.
    public typealias Writer = @Sendable (_ data: Data, _ name: String, _ folder: URL, _ from: Int) throws(SaveProblem) -> (file: URL, number: Int)

    /// Originals fetched ahead of the one being written.
    public static let lookahead = 3

    private let folder: URL
    private let bytes: Bytes
    private let writer: Writer

    /// `writer` is the real one but in tests that need a disk to fail at a given file.
    public init(folder: URL, bytes: @escaping Bytes, writer: @escaping Writer = { data, name, folder, from throws(SaveProblem) in
        try NewFileInFolder.write(data, named: name, in: folder, from: from)
    }) {
        self.folder = folder
        self.bytes = bytes
        self.writer = writer
    }

    /// Saves `pictures` in order, calling `progress` with how many are done (saved or failed).
    public func run(_ pictures: [Picture], progress: @escaping @Sendable (_ done: Int) -> Void) async -> Report {
        var report = Report()
        // The number each name landed at last: the next file of that name looks from there on.
        var numbers: [String: Int] = [:]
        var fetches: [Task<OriginalFile, any Error>] = []
        func startFetch(_ index: Int) {
            guard index < pictures.count else { return }
            let url = pictures[index].url, bytes = self.bytes
            fetches.append(Task { try await bytes(url) })
        }
        for index in 0...min(Self.lookahead, pictures.count) { startFetch(index) }
        defer { for fetch in fetches { fetch.cancel() } }

        for (index, picture) in pictures.enumerated() {
            startFetch(index + Self.lookahead + 1)
            let outcome = await withTaskCancellationHandler {
                await save(picture, fetched: fetches[index], numbers: &numbers)
            } onCancel: { [fetch = fetches[index]] in fetch.cancel() }
            if Task.isCancelled {
                report.cancelled = true
                report.notTried = pictures.count - index - (outcome == nil ? 0 : 1)
                if let outcome { record(outcome, of: picture, in: &report) }
                return report
            }
            guard let outcome else { continue }
            record(outcome, of: picture, in: &report)
            progress(index + 1)
            if case .failure(let problem) = outcome, problem.endsTheRun {
                // The next pictures would fail the same way; they are counted, not tried.
                report.notTried = pictures.count - index - 1
                return report
            }
        }
        return report
    }

    private func record(_ outcome: Result<URL, SaveProblem>, of picture: Picture, in report: inout Report) {
        switch outcome {
        case .success(let file): report.saved.append(file)
        case .failure(let problem): report.failed.append((picture, problem))
        }
    }

    /// The picture's file, or why not; nil when cancelled before it was written.
    private func save(_ picture: Picture, fetched: Task<OriginalFile, any Error>, numbers: inout [String: Int]) async -> Result<URL, SaveProblem>? {
        let file: OriginalFile
        do {
            file = try await fetched.value
        } catch {
            if Task.isCancelled || LoadError(error) == .cancelled { return nil }
            return .failure(.download(LoadError(error)))
        }
        guard !Task.isCancelled else { return nil }
        let name = SavedFileName.suggested(title: picture.title, file: file)
        let data = file.data, folder = self.folder, writer = self.writer, from = numbers[name] ?? 1
        let written = await BlockingWork.run(on: BlockingWork.disk) {
            Result { () throws(SaveProblem) in try writer(data, name, folder, from) }
        }
        if case .success(let landed) = written { numbers[name] = landed.number + 1 }
        return written.map(\.file)
    }
}
