import Synchronization

/// A priority as it is now, carried from whoever asked for something to every queue the work
/// waits in. `LoadPriority` says what the levels are; this says which one holds at the moment.
///
/// The grid's planner keeps one per tile load and sets it as the tile scrolls into or out of
/// view; work several callers share (`CoalescedTasks`) holds one that follows the highest of its
/// current waiters — up when a more urgent one joins, down when it leaves; the queues that hold
/// work (the HTTP client's pending transfers, the decode pools, the originals' byte budget)
/// read `current` each time they pick what runs next.
public final class SharedPriority: Sendable {
    private struct State {
        var value: LoadPriority
        var observers: [Int: @Sendable (LoadPriority) -> Void] = [:]
        var nextObserver = 0
    }

    private let state: Mutex<State>

    public init(_ initial: LoadPriority) { state = Mutex(State(value: initial)) }

    public var current: LoadPriority { state.withLock { $0.value } }

    /// A priority of its own at each level, for work whose priority nobody changes: each use
    /// makes a new one, so setting one never moves another's work.
    public static var prefetch: SharedPriority { SharedPriority(.prefetch) }
    public static var visible: SharedPriority { SharedPriority(.visible) }
    public static var interactive: SharedPriority { SharedPriority(.interactive) }

    /// Sets the priority, higher or lower, and tells whoever follows it.
    public func set(_ priority: LoadPriority) {
        let observers = state.withLock { state -> [@Sendable (LoadPriority) -> Void] in
            guard state.value != priority else { return [] }
            state.value = priority
            return Array(state.observers.values)
        }
        // Outside the lock: an observer sets the priority of the work behind this one.
        for observer in observers { observer(priority) }
    }

    /// Runs `observer` after every change, until `stopObserving` with the id returned.
    func observe(_ observer: @escaping @Sendable (LoadPriority) -> Void) -> Int {
        state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = observer
            return state.nextObserver
        }
    }

    func stopObserving(_ id: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }
}
