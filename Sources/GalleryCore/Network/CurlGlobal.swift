import CCurl

/// curl_global_init is not thread-safe and must run once before any other libcurl call;
/// a static let is initialised exactly once, under a lock, on first use.
enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    static func initializeOnce() {
        _ = initialized
    }
}
