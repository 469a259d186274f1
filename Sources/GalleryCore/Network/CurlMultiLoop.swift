import CCurl
import CShims

/// The body of the curl thread: starts the transfers `HTTPClient`'s gates let in, drives
/// libcurl, gives back the slot of a transfer that turned slow, and delivers results. Its
/// state is only ever touched on that thread.
struct CurlMultiLoop {
    /// Upper bound for one poll; mail and libcurl's own timers wake it sooner.
    private static let pollTimeoutMilliseconds: Int32 = 1000

    private let multi: CurlMultiHandle
    private let configuration: HTTPClient.Configuration
    private let worker: CurlMultiWorker
    private var running: [ObjectIdentifier: CurlTransfer] = [:]

    init(multi: CurlMultiHandle, configuration: HTTPClient.Configuration, worker: CurlMultiWorker) {
        self.multi = multi
        self.configuration = configuration
        self.worker = worker
    }

    mutating func run() {
        while true {
            let mail = worker.takeMail()
            if mail.shutdownRequested {
                mail.submitted.forEach { $0.completion.finish(.failure(.cancelled)) }
                break
            }
            mail.submitted.forEach { start($0) }
            mail.cancelled.forEach { cancel($0) }
            var stillRunning: Int32 = 0
            curl_multi_perform(multi.raw, &stillRunning)
            collectFinishedTransfers()
            releaseSlowSlots()
            curl_multi_poll(multi.raw, nil, 0, Self.pollTimeoutMilliseconds, nil)
        }
        stopEverything()
    }

    private mutating func start(_ order: TransferOrder) {
        // Cancelled on its way here: it never touches the network.
        if order.completion.isFinished { return }
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(order: order, configuration: configuration)
        } catch {
            order.completion.finish(.failure(error))
            return
        }
        let code = curl_multi_add_handle(multi.raw, transfer.easyHandle)
        guard code == CURLM_OK else {
            let message = String(cString: curl_multi_strerror(code))
            order.completion.finish(.failure(.other(code: Int(code.rawValue), message: message)))
            return
        }
        running[order.id] = transfer
    }

    /// A transfer that turned slow stops counting against `maxConcurrentTransfers` (see
    /// `CurlTransfer.holdsSlot`): a few hostile servers cannot keep every image waiting, and the
    /// total stays bounded by `HTTPClient.connections`.
    private func releaseSlowSlots() {
        let now = ContinuousClock.now
        for transfer in running.values where !transfer.holdsSlot(at: now, configuration: configuration) {
            transfer.order.slot.release()
        }
    }

    private mutating func collectFinishedTransfers() {
        var messagesLeft: Int32 = 0
        while let message = curl_multi_info_read(multi.raw, &messagesLeft) {
            guard message.pointee.msg == CURLMSG_DONE, let easyHandle = message.pointee.easy_handle else {
                continue
            }
            let code = message.pointee.data.result
            var userdata: UnsafeMutableRawPointer?
            shim_curl_easy_getinfo_pointer(easyHandle, CURLINFO_PRIVATE, &userdata)
            guard let userdata else { continue }
            let transfer = CurlTransfer.from(opaque: userdata)
            // The message points into libcurl's memory that removing the handle frees: read first.
            let result = transfer.result(for: code)
            curl_multi_remove_handle(multi.raw, easyHandle)
            running[transfer.order.id] = nil
            transfer.order.completion.finish(result)
        }
    }

    /// The waiting task was already answered by `TransferCompletion.cancel()`; this ends the
    /// transfer. Only a transfer nobody waits for is dropped: the id may be a reused address.
    private mutating func cancel(_ id: ObjectIdentifier) {
        guard let transfer = running[id], transfer.order.completion.isFinished else { return }
        running[id] = nil
        curl_multi_remove_handle(multi.raw, transfer.easyHandle)
    }

    private mutating func stopEverything() {
        for transfer in running.values {
            curl_multi_remove_handle(multi.raw, transfer.easyHandle)
            transfer.order.completion.finish(.failure(.cancelled))
        }
        running.removeAll()
        curl_multi_cleanup(multi.raw)
    }
}
