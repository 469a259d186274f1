extension Duration {
    /// libcurl takes timeouts as C longs in milliseconds.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// For options that only take whole seconds; never 0, which libcurl reads as "disabled".
    var wholeSecondsRoundedUp: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }
}
