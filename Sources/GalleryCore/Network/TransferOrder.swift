/// A request handed to the curl thread together with whoever waits for its result.
struct TransferOrder: Sendable {
    let request: HTTPRequest
    let completion: TransferCompletion
    /// Its place among the transfers that count (`HTTPClient.slots`), given back early when it
    /// turns slow (`CurlTransfer.holdsSlot`).
    let slot: PriorityGate.Pass
    /// Where a broken download goes on from; nil for a first try.
    let resume: ResumePoint?
    /// What the transfer got, for the next try when it breaks.
    let journal: TransferJournal

    /// Identifies the transfer in cancel messages between threads.
    var id: ObjectIdentifier { ObjectIdentifier(completion) }
}
