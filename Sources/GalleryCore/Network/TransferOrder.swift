/// A request handed to the curl thread together with whoever waits for its result.
struct TransferOrder: Sendable {
    let request: HTTPRequest
    let completion: TransferCompletion
    /// Starts as `request.priority`; rises when a more urgent caller joins the work behind it.
    let priority: SharedPriority

    init(request: HTTPRequest, completion: TransferCompletion, priority: SharedPriority? = nil) {
        self.request = request
        self.completion = completion
        self.priority = priority ?? SharedPriority(request.priority)
    }

    /// Identifies the transfer in cancel messages between threads.
    var id: ObjectIdentifier { ObjectIdentifier(completion) }
}
