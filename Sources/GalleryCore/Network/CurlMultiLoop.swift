import CCurl
import CShims

/// The body of the curl thread: queues transfers by priority, starts as many as allowed, drives
/// libcurl and delivers results. Its state is only ever touched on that thread.
struct CurlMultiLoop {
    /// Upper bound for one poll; mail and libcurl's own timers wake it sooner.
    private static let pollTimeoutMilliseconds: Int32 = 1000

    private let multi: CurlMultiHandle
    private let configuration: HTTPClient.Configuration
    private let worker: CurlMultiWorker
    private var pending = PendingTransferQueue()
    private var running: [ObjectIdentifier: CurlTransfer] = [:]

    init(multi: CurlMultiHandle, configuration: HTTPClient.Configuration, worker: CurlMultiWorker) {
        self.multi = multi
        self.configuration = configuration
        self.worker = worker
    }

    mutating func run() {
        while true {
            let mail = worker.takeMail()
            mail.submitted.forEach { pending.push($0) }
            if mail.shutdownRequested { break }
            mail.cancelled.forEach { cancel($0) }
            startQueuedTransfers()
            var stillRunning: Int32 = 0
            curl_multi_perform(multi.raw, &stillRunning)
            collectFinishedTransfers()
            // Freed slots start the next transfers now; libcurl then wants an immediate poll.
            startQueuedTransfers()
            worker.queuedCount.store(pending.count, ordering: .relaxed)
            curl_multi_poll(multi.raw, nil, 0, Self.pollTimeoutMilliseconds, nil)
        }
        stopEverything()
    }

    private mutating func startQueuedTransfers() {
        while let priority = pending.highestPriority, hasSlot(for: priority),
              let order = pending.popHighestPriority() {
            // Cancelled while it waited: it never touches the network.
            if order.completion.isFinished { continue }
            let transfer: CurlTransfer
            do {
                transfer = try CurlTransfer(order: order, configuration: configuration)
            } catch {
                order.completion.finish(.failure(error))
                continue
            }
            let code = curl_multi_add_handle(multi.raw, transfer.easyHandle)
            guard code == CURLM_OK else {
                let message = String(cString: curl_multi_strerror(code))
                order.completion.finish(.failure(.other(code: Int(code.rawValue), message: message)))
                continue
            }
            running[order.id] = transfer
        }
    }

    /// Whether a transfer of `priority` may start now. Slow transfers stop holding a slot (see
    /// `CurlTransfer.holdsSlot`), so a few hostile servers cannot keep every image waiting; the
    /// total stays bounded by `maxRunningTransfers`, and interactive transfers always find one of
    /// their reserved slots. No more slots than connections to one host: on a single host the
    /// transfers beyond them would only wait inside libcurl, in arrival order, not ours.
    private func hasSlot(for priority: LoadPriority) -> Bool {
        if priority == .interactive {
            let interactive = running.values.count(where: { $0.order.request.priority.current == .interactive })
            if interactive < configuration.interactiveReserve { return true }
        }
        guard running.count < max(1, configuration.maxRunningTransfers) else { return false }
        let now = ContinuousClock.now
        let holding = running.values.count(where: { $0.holdsSlot(at: now, configuration: configuration) })
        return holding < max(1, min(configuration.maxConcurrentTransfers, configuration.maxConnectionsPerHost))
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

    /// The waiting task was already answered by `TransferCompletion.cancel()`; this frees the slot.
    /// Only a transfer nobody waits for is dropped: the id may be a reused address (see
    /// `PendingTransferQueue.removeCancelled`).
    private mutating func cancel(_ id: ObjectIdentifier) {
        if let transfer = running[id] {
            guard transfer.order.completion.isFinished else { return }
            running[id] = nil
            curl_multi_remove_handle(multi.raw, transfer.easyHandle)
        } else {
            pending.removeCancelled(id: id)
        }
    }

    private mutating func stopEverything() {
        for transfer in running.values {
            curl_multi_remove_handle(multi.raw, transfer.easyHandle)
            transfer.order.completion.finish(.failure(.cancelled))
        }
        running.removeAll()
        pending.removeAll().forEach { $0.completion.finish(.failure(.cancelled)) }
        curl_multi_cleanup(multi.raw)
    }
}
