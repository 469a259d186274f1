import CCurl
import CShims
import Foundation
import Synchronization

/// Owns the dedicated thread that runs all transfers of one `HTTPClient` through a curl multi handle.
/// Other threads never touch libcurl: they post to the inbox and wake the thread's poll.
final class CurlMultiWorker: Sendable {
    /// Messages for the curl thread, taken in one batch per loop turn.
    struct Mail {
        var submitted: [TransferOrder] = []
        var cancelled: [ObjectIdentifier] = []
        var shutdownRequested = false
    }

    /// Once `shutdownRequested` is set nothing more is posted, so nobody calls curl_multi_wakeup on
    /// a multi handle the curl thread is about to destroy.
    private let inbox = Mutex(Mail())
    private let multi: CurlMultiHandle

    init(configuration: HTTPClient.Configuration) {
        CurlGlobal.initializeOnce()
        guard let raw = curl_multi_init() else {
            fatalError("curl_multi_init failed: out of memory")
        }
        multi = CurlMultiHandle(raw: raw)
        // Polite to servers, and image hosts throttle clients that open many connections.
        shim_curl_multi_setopt_long(raw, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost)
        let thread = Thread { [self, multi] in
            var loop = CurlMultiLoop(multi: multi, configuration: configuration, worker: self)
            loop.run()
        }
        thread.name = "curl-multi"
        thread.start()
    }

    func submit(_ order: TransferOrder) {
        let accepted = post { mail in mail.submitted.append(order) }
        if !accepted { order.completion.finish(.failure(.cancelled)) }
    }

    func cancel(_ id: ObjectIdentifier) {
        post { mail in mail.cancelled.append(id) }
    }

    func shutdown() {
        post { mail in mail.shutdownRequested = true }
    }

    /// Called by the curl thread at the top of each loop turn.
    func takeMail() -> Mail {
        inbox.withLock { mail in
            defer { mail = Mail(shutdownRequested: mail.shutdownRequested) }
            return mail
        }
    }

    /// Returns false when the curl thread is gone or going and the message will never be read.
    @discardableResult
    private func post(_ write: (inout Mail) -> Void) -> Bool {
        inbox.withLock { mail in
            guard !mail.shutdownRequested else { return false }
            write(&mail)
            curl_multi_wakeup(multi.raw)
            return true
        }
    }
}
