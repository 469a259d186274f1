import Foundation
import Synchronization

/// What a decode was let in with (`DecodeThreads.run`): its turn at a worker and the pixels
/// its reply may bring. Current on the thread that runs the decode (`ThreadCurrent`), like
/// `DecodeCancellation.current`, so the decoders need not carry it through every layer: the
/// worker pool takes the turn, the reply's pixels the share (`LoaderSizeGate.reserve`).
final class DecodeAdmission: Sendable {
    let turn: PriorityGate.Pass
    private let pixels: Mutex<PriorityGate.Pass?>

    init(turn: PriorityGate.Pass, pixels: PriorityGate.Pass?) {
        self.turn = turn
        self.pixels = Mutex(pixels)
    }

    /// The pixels let in, for the picture to carry until they are freed; nil once taken.
    func takePixels() -> PriorityGate.Pass? {
        pixels.withLock { pass in
            defer { pass = nil }
            return pass
        }
    }

    /// Gives back the turn, and the pixels no picture took (the decode failed or brought none).
    func end() {
        takePixels()?.release()
        turn.release()
    }

    private static let threadKey = "link-gallery.decode-admission"

    static var current: DecodeAdmission? {
        ThreadCurrent.value(for: threadKey)
    }

    func makeCurrent<T>(during work: () throws -> T) rethrows -> T {
        try ThreadCurrent.with(self, for: Self.threadKey, during: work)
    }
}
