import CCurl
import CShims
import Foundation
import GObjectSupport

/// One libcurl easy handle and everything received on it so far.
/// Created, driven and destroyed on the curl thread only; libcurl handles are not thread-safe.
final class CurlTransfer {
    let order: TransferOrder
    let easyHandle: UnsafeMutableRawPointer
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    var responseHead = ResponseHeaderCollector()
    /// The body, or with a `bodySink` only its first bytes, as many as the inspector saw.
    var body = Data()
    /// Body bytes received, wherever they went (from the file's start: a resumed transfer
    /// counts the bytes it goes on from).
    var receivedBytes = 0
    var inspected = false
    /// The first body byte of the final answer has been seen (`beginBody`).
    var bodyBegun = false
    /// Set to 1 by the socket opener when it refused a local address (`AddressReach`).
    private let refusedLocalAddress: UnsafeMutablePointer<Int32>
    /// How many body bytes the inspector sees next: more once it asked for them.
    private var inspectionLength = HTTPRequest.inspectedPrefixLength
    /// Set when our own callback aborted the transfer, which libcurl reports as a write error.
    var abortReason: HTTPError?
    /// The transfer was ended after `HTTPRequest.errorBodyBytes` of an error answer: what
    /// arrived is the response.
    private var errorBodyCut = false

    /// When the transfer first had a connection (new or reused), to tell a slow transfer from one
    /// that still deserves its slot. nil while it waits for one: behind libcurl's per-host limit
    /// or in a slow handshake, where no server has had a chance to be slow yet.
    var connectedAt: ContinuousClock.Instant?

    /// Throws when libcurl refuses any option: the transfer must not run without it.
    init(order: TransferOrder, configuration: HTTPClient.Configuration) throws(HTTPError) {
        guard let easyHandle = curl_easy_init() else {
            throw .other(code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_easy_init failed")
        }
        self.order = order
        self.easyHandle = easyHandle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(to: 0)
        refusedLocalAddress = .allocate(capacity: 1)
        refusedLocalAddress.initialize(to: 0)
        try configure(with: configuration)
    }

    deinit {
        curl_easy_cleanup(easyHandle)
        curl_slist_free_all(requestHeaders)
        errorBuffer.deallocate()
        refusedLocalAddress.deallocate()
    }

    /// The transfer a callback's userdata or CURLINFO_PRIVATE points at. Borrowed: the curl thread
    /// keeps every running transfer alive until its handle has left the multi handle.
    static func from(opaque pointer: UnsafeMutableRawPointer) -> CurlTransfer {
        UnretainedObject.object(at: pointer)
    }

    /// Every option is checked: a limit that did not apply (an old libcurl without
    /// `CURLOPT_PROTOCOLS_STR`, a URL over libcurl's length limit, no memory) must refuse the
    /// transfer rather than let it run without that limit.
    private func configure(with configuration: HTTPClient.Configuration) throws(HTTPError) {
        let request = order.request
        let handle = easyHandle
        let userdata = UnretainedObject.pointer(to: self)
        // Signals cannot be used for DNS timeouts in a multi-threaded process.
        try check(shim_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        try check(shim_curl_easy_setopt_string(handle, CURLOPT_URL, request.url.absoluteString), "URL")
        // Links come from an untrusted file: never let them reach file:, ftp:, smb: and friends,
        // not even through a redirect.
        try check(shim_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"), "PROTOCOLS_STR")
        try check(shim_curl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"), "REDIR_PROTOCOLS_STR")
        try check(shim_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1), "FOLLOWLOCATION")
        // Through a proxy the connection is the proxy's: `HTTPClient` looked at the link instead.
        if request.reach == .publicOnly, !ProxyEnvironment.proxies(request.url) {
            try check(shim_curl_public_addresses_only(handle, refusedLocalAddress), "OPENSOCKETFUNCTION")
        }
        try check(shim_curl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, configuration.maxRedirects), "MAXREDIRS")
        try check(shim_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1), "SSL_VERIFYPEER")
        try check(shim_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2), "SSL_VERIFYHOST")
        if let caBundlePath = configuration.caBundlePath {
            try check(shim_curl_easy_setopt_string(handle, CURLOPT_CAINFO, caBundlePath), "CAINFO")
        }
        // Empty string: offer every encoding this libcurl can decode (gzip, deflate, br, zstd).
        try check(shim_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""), "ACCEPT_ENCODING")
        try check(shim_curl_easy_setopt_string(handle, CURLOPT_USERAGENT, configuration.userAgent), "USERAGENT")
        try check(shim_curl_easy_setopt_long(
            handle, CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.wholeMilliseconds), "CONNECTTIMEOUT_MS")
        try check(shim_curl_easy_setopt_long(
            handle, CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedLimitBytesPerSecond), "LOW_SPEED_LIMIT")
        try check(shim_curl_easy_setopt_long(
            handle, CURLOPT_LOW_SPEED_TIME, configuration.lowSpeedTime.wholeSecondsRoundedUp), "LOW_SPEED_TIME")
        // A server that trickles just above the low-speed limit would otherwise never end.
        try check(shim_curl_easy_setopt_long(
            handle, CURLOPT_TIMEOUT_MS, configuration.totalTimeout(maxBodyBytes: request.maxBodyBytes).wholeMilliseconds),
            "TIMEOUT_MS")
        // Refuses bodies whose announced length is over the cap before any is downloaded;
        // unannounced lengths are counted in the write callback.
        try check(shim_curl_easy_setopt_off_t(
            handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)), "MAXFILESIZE_LARGE")
        try check(shim_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try check(shim_curl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, userdata), "PRIVATE")
        try check(shim_curl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { CurlTransferCallbacks.write($0, $1, $2, $3) },
                  "WRITEFUNCTION")
        try check(shim_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, userdata), "WRITEDATA")
        try check(shim_curl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { CurlTransferCallbacks.header($0, $1, $2, $3) },
                  "HEADERFUNCTION")
        try check(shim_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, userdata), "HEADERDATA")
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            // A CR or LF in a value would end our header and start one the server chose.
            guard HeaderValue.isAcceptable(name), HeaderValue.isAcceptable(value), !name.contains(":") else {
                throw .other(code: -1, message: "refused request header \(name.debugDescription)")
            }
            guard let appended = curl_slist_append(requestHeaders, "\(name): \(value)") else {
                throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_slist_append failed")
            }
            requestHeaders = appended
        }
        if let requestHeaders {
            try check(shim_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, requestHeaders), "HTTPHEADER")
        }
    }

    private func check(_ code: CURLcode, _ option: String) throws(HTTPError) {
        guard code == CURLE_OK else {
            throw .other(code: Int(code.rawValue), message: "CURLOPT_\(option): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    // MARK: - Callbacks (curl thread)

    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        if connectedAt == nil { connectedAt = .now }
        responseHead.consume(line: String(decoding: bytes, as: UTF8.self))
    }

    /// Returns false to make libcurl abort the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !bodyBegun {
            bodyBegun = true
            guard beginBody() else { return false }
        }
        guard receivedBytes + bytes.count <= order.request.maxBodyBytes else {
            abortReason = .tooLarge
            return false
        }
        receivedBytes += bytes.count
        let sink = order.request.bodySink
        if sink != nil, !(200..<300).contains(responseHead.status) {
            body.append(contentsOf: bytes.prefix(max(0, HTTPRequest.errorBodyBytes - body.count)))
            guard body.count < HTTPRequest.errorBodyBytes else {
                errorBodyCut = true
                return false
            }
            return true
        }
        if sink == nil { body.append(contentsOf: bytes) }
        // With a sink, `body` keeps what the inspector sees; asked for more, it takes more of
        // this very chunk before it asks again.
        var kept = 0
        repeat {
            if sink != nil, body.count < inspectionLength {
                let more = bytes[kept...].prefix(inspectionLength - body.count)
                body.append(contentsOf: more)
                kept += more.count
            }
            guard !inspected, body.count >= inspectionLength else { break }
            guard passesInspection(wholeBody: false) else {
                abortReason = .rejected
                return false
            }
        } while !inspected && kept < bytes.count
        if let sink, !sink.write(bytes) {
            abortReason = .sinkFailed
            return false
        }
        return true
    }

    /// Runs the request's inspector until it decides: once, or once more with the longest prefix
    /// when it asks for more.
    private func passesInspection(wholeBody: Bool) -> Bool {
        guard let inspect = order.request.inspect else {
            inspected = true
            return true
        }
        switch inspect(responseHead.head, [UInt8](body.prefix(inspectionLength))) {
        case .accept:
            inspected = true
            return true
        case .needMore where !wholeBody && inspectionLength < HTTPRequest.longestInspectedPrefix:
            inspectionLength = HTTPRequest.longestInspectedPrefix
            return true
        case .reject, .needMore:
            inspected = true
            return false
        }
    }

    // MARK: - Completion

    func result(for code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        order.journal.record(.init(head: bodyBegun ? responseHead.head : nil, bodyBytes: receivedBytes, kept: body))
        guard code == CURLE_OK || (code == CURLE_WRITE_ERROR && errorBodyCut) else {
            if code == CURLE_WRITE_ERROR, let abortReason { return .failure(abortReason) }
            if refusedLocalAddress.pointee != 0 { return .failure(.localAddressRefused) }
            return .failure(HTTPError(curlCode: code, message: errorMessage(for: code)))
        }
        // Bodies shorter than the inspected prefix are inspected whole, once complete.
        if !inspected && !passesInspection(wholeBody: true) { return .failure(.rejected) }
        var status = 0
        shim_curl_easy_getinfo_long(easyHandle, CURLINFO_RESPONSE_CODE, &status)
        var effectiveURLString: UnsafePointer<CChar>?
        shim_curl_easy_getinfo_string(easyHandle, CURLINFO_EFFECTIVE_URL, &effectiveURLString)
        let effectiveURL = effectiveURLString.flatMap { URL(string: String(cString: $0)) } ?? order.request.url
        let head = HTTPResponseHead(status: status, headers: responseHead.headers)
        return .success(HTTPResponse(head: head, body: body, effectiveURL: effectiveURL, retryAfter: retryAfter, remoteAddress: remoteAddress))
    }

    private func errorMessage(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }
}
