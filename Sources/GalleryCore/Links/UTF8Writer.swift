/// Appends bytes to a buffer sized in advance, for building a `String` in place with
/// `String(unsafeUninitializedCapacity:initializingUTF8With:)`: classifying a long list builds
/// one normalised URL per line, and growing an array for each was a fifth of the time.
struct UTF8Writer {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func append(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }
}
