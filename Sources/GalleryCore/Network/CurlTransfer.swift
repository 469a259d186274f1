import CCurl
import CShims
import Foundation

/// One libcurl easy handle and everything received on it so far.
/// Created, driven and destroyed on the curl thread only; libcurl handles are not thread-safe.
final class CurlTransfer {
    let order: TransferOrder
    let easyHandle: UnsafeMutableRawPointer
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var responseHead = ResponseHeaderCollector()
    private var body = Data()
    private var inspected = false
    /// Set when our own callback aborted the transfer, which libcurl reports as a write error.
    private var abortReason: HTTPError?

    init?(order: TransferOrder, configuration: HTTPClient.Configuration) {
        guard let easyHandle = curl_easy_init() else { return nil }
        self.order = order
        self.easyHandle = easyHandle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(to: 0)
        configure(with: configuration)
    }

    deinit {
        curl_easy_cleanup(easyHandle)
        curl_slist_free_all(requestHeaders)
        errorBuffer.deallocate()
    }

    /// The transfer a callback's userdata or CURLINFO_PRIVATE points at. Borrowed: the curl thread
    /// keeps every running transfer alive until its handle has left the multi handle.
    static func from(opaque pointer: UnsafeMutableRawPointer) -> CurlTransfer {
        Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
    }

    private func configure(with configuration: HTTPClient.Configuration) {
        let request = order.request
        let handle = easyHandle
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        // Signals cannot be used for DNS timeouts in a multi-threaded process.
        shim_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        shim_curl_easy_setopt_string(handle, CURLOPT_URL, request.url.absoluteString)
        // Links come from an untrusted file: never let them reach file:, ftp:, smb: and friends,
        // not even through a redirect.
        shim_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        shim_curl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        shim_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        shim_curl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, configuration.maxRedirects)
        shim_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        shim_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        if let caBundlePath = configuration.caBundlePath {
            shim_curl_easy_setopt_string(handle, CURLOPT_CAINFO, caBundlePath)
        }
        // Empty string: offer every encoding this libcurl can decode (gzip, deflate, br, zstd).
        shim_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        shim_curl_easy_setopt_string(handle, CURLOPT_USERAGENT, configuration.userAgent)
        shim_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.wholeMilliseconds)
        shim_curl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedLimitBytesPerSecond)
        shim_curl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, configuration.lowSpeedTime.wholeSecondsRoundedUp)
        // Refuses bodies whose announced length is over the cap before any is downloaded;
        // unannounced lengths are counted in the write callback.
        shim_curl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes))
        shim_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        shim_curl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, userdata)
        shim_curl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { CurlTransferCallbacks.write($0, $1, $2, $3) }
        shim_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, userdata)
        shim_curl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { CurlTransferCallbacks.header($0, $1, $2, $3) }
        shim_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, userdata)
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            requestHeaders = curl_slist_append(requestHeaders, "\(name): \(value)")
        }
        if let requestHeaders {
            shim_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, requestHeaders)
        }
    }

    // MARK: - Callbacks (curl thread)

    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        responseHead.consume(line: String(decoding: bytes, as: UTF8.self))
    }

    /// Returns false to make libcurl abort the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= order.request.maxBodyBytes else {
            abortReason = .tooLarge
            return false
        }
        body.append(contentsOf: bytes)
        if !inspected && body.count >= HTTPRequest.inspectedPrefixLength && !passesInspection() {
            abortReason = .rejected
            return false
        }
        return true
    }

    /// Runs the request's inspector at most once.
    private func passesInspection() -> Bool {
        inspected = true
        guard let inspect = order.request.inspect else { return true }
        return inspect(responseHead.head, [UInt8](body.prefix(HTTPRequest.inspectedPrefixLength)))
    }

    // MARK: - Completion

    func result(for code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        guard code == CURLE_OK else {
            if code == CURLE_WRITE_ERROR, let abortReason { return .failure(abortReason) }
            return .failure(HTTPError(curlCode: code, message: errorMessage(for: code)))
        }
        // Bodies shorter than the inspected prefix are inspected whole, once complete.
        if !inspected && !passesInspection() { return .failure(.rejected) }
        var status = 0
        shim_curl_easy_getinfo_long(easyHandle, CURLINFO_RESPONSE_CODE, &status)
        var effectiveURLString: UnsafePointer<CChar>?
        shim_curl_easy_getinfo_string(easyHandle, CURLINFO_EFFECTIVE_URL, &effectiveURLString)
        let effectiveURL = effectiveURLString.flatMap { URL(string: String(cString: $0)) } ?? order.request.url
        let head = HTTPResponseHead(status: status, headers: responseHead.headers)
        return .success(HTTPResponse(head: head, body: body, effectiveURL: effectiveURL))
    }

    private func errorMessage(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }
}
