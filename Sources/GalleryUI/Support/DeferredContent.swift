import CDeferredContent
import CGtk
import Foundation
import GObjectSupport

/// A clipboard or drag offer of one MIME type whose bytes are made the first time another
/// application asks for them (`CDeferredContent`), and kept for the next reader: a turned
/// copy is made in a worker only when a paste or a drop wants it, and only once.
@MainActor
final class DeferredContent {
    private let produce: @MainActor () async -> Data?
    private var made: Task<Data?, Never>?

    private init(produce: @escaping @MainActor () async -> Data?) {
        self.produce = produce
    }

    /// Transfer full. `produce` answers nil when the bytes cannot be made: the reader gets an error.
    static func provider(
        mimeType: String, produce: @escaping @MainActor () async -> Data?
    ) -> UnsafeMutablePointer<GdkContentProvider> {
        let content = DeferredContent(produce: produce)
        return lg_deferred_content_new(mimeType, { task, data in
            guard let task else { return }
            MainActor.assumeIsolated { CallbackBox<DeferredContent>.borrow(data).write(task) }
        }, CallbackBox.retain(content), CallbackBoxRelease.destroyNotify)
    }

    private func write(_ task: OpaquePointer) {
        let made = self.made ?? Task { await produce() }
        self.made = made
        let reader = PendingRead(task: task)
        Task {
            let data = await made.value
            guard let data else { return lg_deferred_content_deliver(reader.task, nil) }
            let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            lg_deferred_content_deliver(reader.task, bytes)
            g_bytes_unref(bytes)
        }
    }

    /// A reader's GTask, answered once on the main thread.
    private struct PendingRead: @unchecked Sendable {
        let task: OpaquePointer
    }
}
