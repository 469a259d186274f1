import Foundation

/// The zoom level as the zoom button says it ("150 %") and as a person types one ("150",
/// "150 %", "87,5").
enum ZoomLevelText {
    /// The levels the zoom menu offers, 1.0 being 100 %.
    static let menuLevels: [Double] = [0.5, 1, 2, 4]

    static func label(for level: Double) -> String {
        "\(Int((level * 100).rounded())) %"
    }

    /// The level a person typed, in percent, as a factor; nil when it is not a positive number.
    /// A comma is a decimal point too (Russian writes 87,5). Clamping to what the picture allows
    /// is the zoom model's.
    static func level(typed text: String) -> Double? {
        var number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if number.hasSuffix("%") { number.removeLast() }
        number = number.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let percent = Double(number), percent.isFinite, percent > 0 else { return nil }
        return percent / 100
    }
}
