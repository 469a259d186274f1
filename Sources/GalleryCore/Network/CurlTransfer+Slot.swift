import CCurl
import CShims

/// Whether a transfer still deserves its place among those that count.
extension CurlTransfer {
    /// Whether this transfer still counts against `maxConcurrentTransfers`. One still waiting for a
    /// connection does (bounded by `connectTimeout`): if it did not, more transfers would start and
    /// queue inside libcurl, where visible tiles wait behind prefetches in arrival order. A
    /// connected one holds its slot for `slotGracePeriod`, then while it receives at least
    /// `slotHoldingBytesPerSecond` on average; a slow one (a trickling server, a hostile one)
    /// stops holding a slot, so it cannot keep others waiting.
    func holdsSlot(at now: ContinuousClock.Instant, configuration: HTTPClient.Configuration) -> Bool {
        guard let connectedAt = connectedAt ?? noticeConnection(at: now) else { return true }
        let elapsed = now - connectedAt
        guard elapsed >= configuration.slotGracePeriod else { return true }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(receivedBytes) / seconds >= Double(configuration.slotHoldingBytesPerSecond)
    }

    /// Marks the transfer connected once libcurl reports a connect or pre-transfer time (the
    /// latter also for a reused connection); a header line received marks it too.
    private func noticeConnection(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var connectMicroseconds: curl_off_t = 0
        var pretransferMicroseconds: curl_off_t = 0
        shim_curl_easy_getinfo_off_t(easyHandle, CURLINFO_CONNECT_TIME_T, &connectMicroseconds)
        shim_curl_easy_getinfo_off_t(easyHandle, CURLINFO_PRETRANSFER_TIME_T, &pretransferMicroseconds)
        guard connectMicroseconds > 0 || pretransferMicroseconds > 0 else { return nil }
        connectedAt = now
        return now
    }
}
