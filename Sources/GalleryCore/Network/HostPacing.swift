import Foundation
import Synchronization

/// How politely each host is asked. A host that answers 429 Too Many Requests or 503 is left
/// alone for as long as its `Retry-After` says (a backoff when it says nothing), then asked at
/// a pace learned from its answers; a host that keeps failing to answer is paused for all its
/// pictures at once and tried again by one request. `HTTPClient` asks before a request takes
/// its place in the gates, so a request waiting for its host holds no connection and no slot.
final class HostPacing: Sendable {
    typealias Instant = ContinuousClock.Instant

    struct Rules: Sendable {
        /// The spacing of request starts after a host's first refusal (four a second), widened
        /// by half at each further refusal, up to `longestInterval`.
        var firstInterval: Duration = .milliseconds(250)
        var longestInterval: Duration = .seconds(10)
        /// After this long without a refusal each answer narrows the spacing by a fifth, until
        /// the host is asked freely again: a limit that was lifted is found again, slowly.
        var calmAfter: Duration = .seconds(30)
        /// The longest `Retry-After` waited for; a host asking for more keeps its refusal as
        /// the picture's answer (and is still left alone that long).
        var longestRetryAfter: Duration = .seconds(600)
        /// The wait after a refusal that names none: 1 s, 2 s, 4 s … 60 s.
        var refusalBackoff = Backoff(initialSeconds: 1, capSeconds: 60)
        /// Failures in a row (no connection, no answer in time, a gateway's 502 or 504) after
        /// which the host is paused: 5 s, then 10, 20, 40, 60 s at each probe that fails too.
        var failuresBeforePause = 3
        var pauseBackoff = Backoff(initialSeconds: 5, capSeconds: 60)
        /// Hosts remembered at most (a list may name 100,000): the calm ones are let go first.
        var rememberedHosts = 4096

        init() {}
    }

    private struct Host {
        var notBefore: Instant?
        var lastStart: Instant?
        var interval: Duration = .zero
        var lastRefusal: Instant?
        var refusalsInRow = 0
        var failuresInRow = 0
        var pausedUntil: Instant?
        /// When the pause began (not when a probe extended it): requests let in before then
        /// go back to wait; the probe itself goes.
        var pausedAt: Instant?

        /// Nothing learned that changes how it is asked: it need not be remembered.
        var isCalm: Bool { interval == .zero && failuresInRow == 0 && pausedUntil == nil && refusalsInRow == 0 }
    }

    private struct State {
        var hosts: [String: Host] = [:]
        /// Addresses waiting for their host's turn, with how many requests for each.
        var waiting: [String: Int] = [:]
    }

    private enum Turn {
        case now
        case paused
        case at(Instant)
    }

    let rules: Rules
    private let state = Mutex(State())

    init(rules: Rules = Rules()) {
        self.rules = rules
    }

    static func hostKey(_ url: URL) -> String { url.host?.lowercased() ?? "" }

    /// Returns when `url`'s host may be asked, the start counted (and returned, for `learn`).
    /// Throws `.hostPaused` while its host is paused (once a pause is over, one request goes as
    /// its probe and the pause is extended until it answers), `.cancelled` when the task is
    /// cancelled while it waits.
    @discardableResult
    func waitForTurn(_ url: URL) async throws(HTTPError) -> Instant {
        let host = Self.hostKey(url), address = url.absoluteString
        while true {
            switch takeTurn(host) {
            case .now: return .now
            case .paused: throw .hostPaused(host: url.host ?? host)
            case .at(let instant):
                state.withLock { $0.waiting[address, default: 0] += 1 }
                defer { state.withLock { Self.stopWaiting(address, in: &$0) } }
                do { try await Task.sleep(until: instant, clock: .continuous) } catch { throw .cancelled }
            }
        }
    }

    private func takeTurn(_ key: String) -> Turn {
        state.withLock { state in
            var host = state.hosts[key] ?? Host()
            defer { state.hosts[key] = host.isCalm ? nil : host }
            let now = ContinuousClock.now
            if let pausedUntil = host.pausedUntil {
                guard now >= pausedUntil else { return .paused }
                host.pausedUntil = now + pauseLength(afterFailures: host.failuresInRow + 1)
                return .now
            }
            var start = max(now, host.notBefore ?? now)
            if let lastStart = host.lastStart { start = max(start, lastStart + host.interval) }
            guard start <= now else { return .at(start) }
            host.lastStart = now
            return .now
        }
    }

    /// Whether `url`'s host asked to be left alone since `start`: a request let in before that,
    /// and still waiting for a connection, goes back to wait for its turn instead of being sent.
    func askedToWait(since start: Instant, for url: URL) -> Bool {
        state.withLock { state in
            guard let host = state.hosts[Self.hostKey(url)] else { return false }
            return [host.lastRefusal, host.pausedAt].contains { $0.map { $0 > start } ?? false }
        }
    }

    /// Learns from what the host answered a request sent at `start`. Returns true when it should
    /// be sent again (a 429 or 503 the host asked to be waited for; `waitForTurn` then holds it
    /// back). Refusals of requests sent before the last one was learned teach nothing new:
    /// they were on their way already, and only widen the wait they ask for.
    func learn(from outcome: Result<HTTPResponse, HTTPError>, for url: URL, sentAt start: Instant = .now) -> Bool {
        let now = ContinuousClock.now
        return state.withLock { state in
            let key = Self.hostKey(url)
            var host = state.hosts[key] ?? Host()
            defer {
                state.hosts[key] = host.isCalm ? nil : host
                forgetCalmHosts(in: &state)
            }
            switch outcome {
            case .success(let response) where [429, 503].contains(response.head.status):
                let wait = response.retryAfter ?? .seconds(rules.refusalBackoff.delay(forAttempt: host.refusalsInRow))
                host.notBefore = max(host.notBefore ?? now, now + min(wait, rules.longestRetryAfter))
                if host.lastRefusal.map({ start > $0 }) ?? true {
                    host.refusalsInRow += 1
                    host.interval = host.interval == .zero ? rules.firstInterval : min(host.interval * 1.5, rules.longestInterval)
                }
                host.lastRefusal = now
                return wait <= rules.longestRetryAfter
            case .success(let response) where [502, 504].contains(response.head.status):
                fail(&host, at: now)
            case .success:
                host.failuresInRow = 0
                host.pausedUntil = nil
                host.pausedAt = nil
                host.refusalsInRow = 0
                if host.interval > .zero, now - (host.lastRefusal ?? now) >= rules.calmAfter {
                    host.interval = host.interval * 0.8 < .milliseconds(20) ? .zero : host.interval * 0.8
                }
            case .failure(.cannotConnect), .failure(.timedOut):
                fail(&host, at: now)
            case .failure:
                break
            }
            return false
        }
    }

    private func fail(_ host: inout Host, at now: Instant) {
        host.failuresInRow += 1
        if host.failuresInRow >= rules.failuresBeforePause {
            if host.pausedUntil == nil { host.pausedAt = now }
            host.pausedUntil = now + pauseLength(afterFailures: host.failuresInRow)
        }
    }

    private func pauseLength(afterFailures failures: Int) -> Duration {
        .seconds(rules.pauseBackoff.delay(forAttempt: failures - rules.failuresBeforePause))
    }

    private func forgetCalmHosts(in state: inout State) {
        guard state.hosts.count > rules.rememberedHosts else { return }
        let now = ContinuousClock.now
        state.hosts = state.hosts.filter { $0.value.failuresInRow > 0 || ($0.value.notBefore ?? now) > now }
    }

    private static func stopWaiting(_ address: String, in state: inout State) {
        let left = (state.waiting[address] ?? 1) - 1
        state.waiting[address] = left > 0 ? left : nil
    }

    /// The host `url`'s request waits for (its name, as the person reads it), nil when it does
    /// not wait: what its tile says.
    func waitingHost(for url: URL) -> String? {
        state.withLock { $0.waiting[url.absoluteString] != nil } ? url.host : nil
    }

    /// Forgets every pause: the network came back, and hosts that did not answer without it
    /// deserve a fresh try.
    func forgetFailures() {
        state.withLock { state in
            for key in state.hosts.keys {
                state.hosts[key]?.failuresInRow = 0
                state.hosts[key]?.pausedUntil = nil
                state.hosts[key]?.pausedAt = nil
            }
        }
    }
}
