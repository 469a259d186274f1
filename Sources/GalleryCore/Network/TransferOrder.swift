/// A request handed to the curl thread together with whoever waits for its result.
struct TransferOrder: Sendable {
    let request: HTTPRequest
    let completion: TransferCompletion

    /// Identifies the transfer in cancel messages between threads.
    var id: ObjectIdentifier { ObjectIdentifier(completion) }
}
