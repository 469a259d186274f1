import Foundation

/// One process-wide allowance of decoded pixels, shared by every decode (thumbnails and
/// originals, every format, animation frames included).
///
/// The per-image limit (`ImageDecoder.defaultMaxPixels`) stops one bomb; it does not stop eight
/// 100-megapixel PNGs of a few KB each decoding at once (632 MB measured). So a decode asks for
/// the pixels it is about to allocate as soon as its size is known (the loader's `size-prepared`,
/// before any pixel exists) and blocks its worker thread until they fit; it gives them back when
/// its pixels are freed or handed over as textures. A request larger than `largestRequestPixels`
/// is cut to it: it then runs alone (but for the headroom) rather than never.
///
/// Requests are served first-fit, not first-come: small thumbnails of good images pass a huge one
/// waiting for room, so a gallery's good images load as fast with bombs in it as without.
/// Waiting is cancellable (`DecodeCancellation`): a cancelled decode leaves the queue at once.
public final class DecodeBudget: @unchecked Sendable { // all state under `condition`
    /// One image at the per-image limit (100 megapixels, 300–400 MB decoded), so the largest
    /// allowed image still decodes, plus 16 megapixels (64 MB) that no single decode may take:
    /// while a bomb decodes alone, ordinary photos' thumbnails (a fraction of a megapixel each
    /// with JPEG's scaled decoding) keep flowing beside it.
    public static let shared = DecodeBudget(capacityPixels: ImageDecoder.defaultMaxPixels + 16_000_000,
                                            largestRequestPixels: ImageDecoder.defaultMaxPixels)

    public let capacityPixels: Int
    /// What one decode may hold at most; the rest of the capacity is headroom for small ones.
    public let largestRequestPixels: Int
    private let condition = NSCondition()
    private var held = 0
    private var peak = 0
    private var waiting = 0

    public init(capacityPixels: Int, largestRequestPixels: Int? = nil) {
        self.capacityPixels = max(1, capacityPixels)
        self.largestRequestPixels = min(self.capacityPixels, max(1, largestRequestPixels ?? capacityPixels))
    }

    /// Pixels held right now by running decodes.
    public var heldPixels: Int { condition.withLock { held } }
    /// The most ever held at once since `resetPeak()`: what tests and benchmarks read.
    public var peakPixels: Int { condition.withLock { peak } }
    /// Decodes blocked until their pixels fit.
    public var waitingCount: Int { condition.withLock { waiting } }

    public func resetPeak() { condition.withLock { peak = held } }

    /// Blocks until `pixels` fit, then holds them. `nil` when `cancellation` fires first.
    public func acquire(pixels: Int, cancellation: DecodeCancellation? = nil) -> Reservation? {
        let amount = min(max(0, pixels), largestRequestPixels)
        cancellation?.wakes(self)
        defer { cancellation?.wakes(nil) }
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        defer { waiting -= 1 }
        while held + amount > capacityPixels {
            if cancellation?.isCancelled == true { return nil }
            condition.wait()
        }
        if cancellation?.isCancelled == true { return nil }
        held += amount
        peak = max(peak, held)
        return Reservation(budget: self, pixels: amount)
    }

    fileprivate func release(_ pixels: Int) {
        condition.withLock {
            held -= pixels
            condition.broadcast()
        }
    }

    /// Wakes waiters so a cancelled one can leave.
    func wakeWaiters() {
        condition.withLock { condition.broadcast() }
    }

    /// Pixels held until `release()`, or until the reservation is freed (a forgotten release
    /// cannot leak budget).
    public final class Reservation: @unchecked Sendable { // `released` under the budget's lock
        public let pixels: Int
        private let budget: DecodeBudget
        private let lock = NSLock()
        private var released = false

        fileprivate init(budget: DecodeBudget, pixels: Int) {
            self.budget = budget
            self.pixels = pixels
        }

        public func release() {
            let first = lock.withLock { () -> Bool in
                defer { released = true }
                return !released
            }
            if first { budget.release(pixels) }
        }

        deinit { release() }
    }
}
