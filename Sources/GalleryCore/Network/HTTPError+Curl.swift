import CCurl
import CShims // <curl/curl.h> belongs to whichever of the two modules claims it first: its constants come through either

extension HTTPError {
    /// Classifies a failed libcurl transfer. `CURLE_WRITE_ERROR` is not mapped here: it means our
    /// own write callback aborted, and the transfer knows why (body cap or inspector).
    init(curlCode code: CURLcode, message: String) {
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL:
            self = .unsupportedScheme
        case CURLE_URL_MALFORMAT:
            self = .invalidURL
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self = .cannotResolveHost
        case CURLE_COULDNT_CONNECT:
            self = .cannotConnect
        case CURLE_OPERATION_TIMEDOUT:
            self = .timedOut
        case CURLE_FILESIZE_EXCEEDED:
            self = .tooLarge
        case CURLE_TOO_MANY_REDIRECTS:
            self = .tooManyRedirects
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
             CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            self = .tlsFailure
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
             CURLE_HTTP2, CURLE_HTTP2_STREAM:
            self = .interrupted
        default:
            self = .other(code: Int(code.rawValue), message: message)
        }
    }
}
