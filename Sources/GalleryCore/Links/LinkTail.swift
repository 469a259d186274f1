/// What follows a link's authority, split into path, query and fragment: at the first `#`, then
/// at the first `?` before it. Bytes as typed; the classifier percent-encodes each part.
struct LinkTail {
    let path: UnsafeBufferPointer<UInt8>
    let query: UnsafeBufferPointer<UInt8>?
    let fragment: UnsafeBufferPointer<UInt8>?
    let byteCount: Int

    init(_ tail: UnsafeBufferPointer<UInt8>) {
        byteCount = tail.count
        var beforeFragment = tail
        if let hash = tail.firstIndex(ofByte: ASCII.hash) {
            beforeFragment = UnsafeBufferPointer(rebasing: tail[..<hash])
            fragment = UnsafeBufferPointer(rebasing: tail[(hash + 1)...])
        } else {
            fragment = nil
        }
        if let question = beforeFragment.firstIndex(ofByte: ASCII.question) {
            path = UnsafeBufferPointer(rebasing: beforeFragment[..<question])
            query = UnsafeBufferPointer(rebasing: beforeFragment[(question + 1)...])
        } else {
            path = beforeFragment
            query = nil
        }
    }

    /// Whether every part is written as the classifier would write it: each byte one RFC 3986
    /// allows in that part, or part of a `%XX` escape.
    var isEncoded: Bool {
        PercentEncoding.isEncoded(path, allowing: .path)
            && (query.map { PercentEncoding.isEncoded($0, allowing: .queryOrFragment) } ?? true)
            && (fragment.map { PercentEncoding.isEncoded($0, allowing: .queryOrFragment) } ?? true)
    }
}
