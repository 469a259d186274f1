import Foundation

/// What servers said about the originals downloaded while the app runs (Content-Type,
/// Last-Modified), by cache key, for the properties panel. The newest `capacity` are kept.
final class DownloadFacts: @unchecked Sendable { // state under `lock`
    struct Facts: Sendable {
        let contentType: String?
        let lastModified: String?
    }

    private let lock = NSLock()
    private var facts: [String: Facts] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int = 2000) { self.capacity = capacity }

    func record(_ head: HTTPResponseHead, for key: String) {
        let entry = Facts(contentType: head.contentType, lastModified: head.headers["last-modified"])
        lock.withLock {
            if facts.updateValue(entry, forKey: key) == nil { order.append(key) }
            if order.count > capacity { facts[order.removeFirst()] = nil }
        }
    }

    func facts(for key: String) -> Facts? { lock.withLock { facts[key] } }
}
