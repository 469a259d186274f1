import Foundation

/// Numbers with decimals as the person's locale writes them ("12,2" in Russian, "12.2" in
/// English): C's printf, which follows `LC_NUMERIC` once `L10n` has called `setlocale`, as the
/// sizes GLib formats do. `String(format:)` always writes a point.
enum LocalizedNumber {
    static func fixed(_ value: Double, fractionDigits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([Int32(fractionDigits), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        let length = max(0, min(Int(count), buffer.count - 1))
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// One decimal, none when the value is whole ("5.6", "50").
    static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : fixed(value, fractionDigits: 1)
    }
}
