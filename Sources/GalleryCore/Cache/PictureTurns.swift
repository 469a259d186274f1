import Foundation

/// The turns people gave pictures in the viewer, by address, so a picture turned once is
/// shown turned the next time too (`PictureTurn`): the app's own state, kept in one small
/// file in the cache root (`fileName`, a `SmallRecordFile`), never in the original. The newest
/// `capacity` are kept; a picture turned back to as it came is forgotten. Thread-safe; the
/// first use reads the file, so make it on a disk queue.
public final class PictureTurns: Sendable {
    static let fileName = "picture-turns"

    private struct Records: Sendable {
        var turns: [String: PictureTurn] = [:]
        var order: [String] = []
    }

    let capacity: Int
    private let records: SmallRecordFile<Records>

    /// `file` nil: kept in memory only.
    public init(file: URL?, capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
        let kept = self.capacity
        records = SmallRecordFile(file: file, decode: { Self.decode($0, capacity: kept) }, encode: Self.encode)
    }

    /// Reads the file now (on a disk queue), so that later asks never wait on the disk.
    public func prepare() {
        records.read { _ in }
    }

    public func turn(for url: URL) -> PictureTurn {
        records.read { $0.turns[url.absoluteString] } ?? .none
    }

    public func set(_ turn: PictureTurn, for url: URL) {
        let key = url.absoluteString
        records.change { records in
            guard records.turns[key] != turn.nilIfNone else { return false }
            records.order.removeAll { $0 == key }
            if turn.isNone {
                records.turns[key] = nil
            } else {
                records.turns[key] = turn
                records.order.append(key)
                while records.order.count > capacity { records.turns[records.order.removeFirst()] = nil }
            }
            return true
        }
    }

    /// Writes the file now (tests, and the app's quit).
    public func writeNow() { records.writeNow() }

    /// `quarterTurns ⇥ mirrored ⇥ address`, oldest first.
    private static func encode(_ records: Records) -> Data {
        let lines = records.order.compactMap { key in
            records.turns[key].map { "\($0.quarterTurns)\t\($0.mirrored ? 1 : 0)\t\(key)" }
        }
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// A line that does not read is left out: that picture is shown as it came.
    private static func decode(_ payload: Data?, capacity: Int) -> Records {
        var records = Records()
        guard let payload else { return records }
        for line in String(decoding: payload, as: UTF8.self).split(separator: "\n").suffix(capacity) {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let turns = Int(fields[0]), (0...3).contains(turns), fields[1] == "0" || fields[1] == "1",
                  !fields[2].isEmpty, records.turns[String(fields[2])] == nil else { continue }
            let key = String(fields[2])
            records.turns[key] = PictureTurn(quarterTurns: turns, mirrored: fields[1] == "1")
            records.order.append(key)
        }
        return records
    }
}

private extension PictureTurn {
    var nilIfNone: PictureTurn? { isNone ? nil : self }
}
