import CCurl

/// A `CURLM*` that may be handed to the curl thread. Only that thread drives it; other threads may
/// only call `curl_multi_wakeup`, the one multi function libcurl documents as thread-safe, and only
/// while `CurlMultiWorker` holds its inbox lock and knows the handle is still alive.
struct CurlMultiHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}
