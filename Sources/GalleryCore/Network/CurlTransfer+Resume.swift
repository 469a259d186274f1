import CCurl
import CShims
import Foundation

/// A transfer that goes on from a broken one (`ResumePoint`), and what an answer says beyond
/// its head: how long to wait, and where it came from.
extension CurlTransfer {
    /// At the final answer's first body byte: a 206 must go on exactly where the bytes
    /// received end (they were inspected already, and are what the response keeps); any other
    /// success is the whole file again, and what the sink had is dropped. False aborts.
    func beginBody() -> Bool {
        guard let resume = order.resume, responseHead.status >= 200, responseHead.status < 300 else { return true }
        if responseHead.status == 206, resume.validator != nil {
            guard resume.continues(contentRange: responseHead.headers["content-range"]) else {
                abortReason = .interrupted
                return false
            }
            inspected = true
            receivedBytes = resume.offset
            body = resume.kept
            return true
        }
        guard let sink = order.request.bodySink else { return true }
        guard sink.restart() else {
            abortReason = .sinkFailed
            return false
        }
        return true
    }

    /// `Retry-After` as libcurl reads it (seconds, or a date made seconds from now).
    var retryAfter: Duration? {
        var seconds: curl_off_t = 0
        guard shim_curl_easy_getinfo_off_t(easyHandle, CURLINFO_RETRY_AFTER, &seconds) == CURLE_OK, seconds > 0 else { return nil }
        // A day is more than any wait honoured (`HostPacing.Rules.longestRetryAfter`).
        return .seconds(min(Int64(seconds), 86_400))
    }

    /// The address of the server that answered, as text.
    var remoteAddress: String? {
        var address: UnsafePointer<CChar>?
        guard shim_curl_easy_getinfo_string(easyHandle, CURLINFO_PRIMARY_IP, &address) == CURLE_OK, let address else { return nil }
        let text = String(cString: address)
        return text.isEmpty ? nil : text
    }
}
