import Foundation

/// CLOCK_MONOTONIC in milliseconds: the clock the benchmark driver reads when it spawns a
/// reference, and the one the app's `trace-start` line gives.
public func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// Writes one line to stdout at once (unbuffered): the driver reads the lines as they come.
public func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Writes "`event` <CLOCK_MONOTONIC ms>", the form both references report their milestones in.
public func emitTime(_ event: String) {
    emit(String(format: "%@ %.3f", event, monotonicMilliseconds()))
}
