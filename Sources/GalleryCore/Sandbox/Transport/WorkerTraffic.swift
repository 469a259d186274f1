import Synchronization

/// What the app has sent its decode workers since it started: the bytes of pictures it copied
/// to them (into a memfd or through a socket), and how many messages of each kind. `tools/bench`
/// and the tests read them to see that a zoom ships none of its picture and that a page of an
/// animation is one `open` and one `frame`, not a still and then its frames.
enum WorkerTraffic {
    private static let bytes = Atomic<Int>(0)
    private static let frames = Atomic<Int>(0)
    private static let opens = Atomic<Int>(0)

    static var pictureBytes: Int { bytes.load(ordering: .relaxed) }

    static func counted(_ count: Int) { bytes.add(count, ordering: .relaxed) }

    /// Messages of `kind` sent so far (frames and opens are counted; edits and lists are not).
    static func messages(_ kind: DecodeRequest.Message) -> Int {
        switch kind {
        case .frame: frames.load(ordering: .relaxed)
        case .open: opens.load(ordering: .relaxed)
        case .edit, .links: 0
        }
    }

    static func sent(_ kind: DecodeRequest.Message) {
        switch kind {
        case .frame: frames.add(1, ordering: .relaxed)
        case .open: opens.add(1, ordering: .relaxed)
        case .edit, .links: break
        }
    }
}
