/// Exponential backoff for automatic retries: 1 s, 2 s, 4 s, 8 s, then every 15 s.
public struct Backoff: Sendable, Equatable {
    public var initialSeconds: Double = 1
    public var capSeconds: Double = 15

    public init(initialSeconds: Double = 1, capSeconds: Double = 15) {
        self.initialSeconds = initialSeconds
        self.capSeconds = capSeconds
    }

    /// The wait before retry number `attempt` (0 for the first retry).
    public func delay(forAttempt attempt: Int) -> Double {
        let exponent = Double(min(max(attempt, 0), 30))
        return min(capSeconds, initialSeconds * Double.pow2(exponent))
    }
}

private extension Double {
    static func pow2(_ exponent: Double) -> Double { Double(sign: .plus, exponent: Int(exponent), significand: 1) }
}
