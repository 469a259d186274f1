import CGtk
import GObjectSupport

/// Tells when the network comes back, from GIO's GNetworkMonitor (netlink or NetworkManager).
@MainActor
public final class NetworkMonitor {
    private let monitor: OpaquePointer
    private var observers: [@MainActor () -> Void] = []
    private var wasAvailable: Bool

    public init() {
        monitor = g_network_monitor_get_default()
        wasAvailable = g_network_monitor_get_network_available(monitor) != 0
        Signal.connect(monitor, "network-changed") { [weak self] (available: Bool) in
            self?.networkChanged(available: available)
        }
    }

    public var isNetworkAvailable: Bool { g_network_monitor_get_network_available(monitor) != 0 }

    /// `handler` runs each time the network goes from unavailable (or changed routes) to available.
    public func onNetworkAvailable(_ handler: @escaping @MainActor () -> Void) {
        observers.append(handler)
    }

    /// Also used by tests and by the app when a request succeeds after failures: any sign that
    /// the network works is a reason to retry what failed.
    public func networkChanged(available: Bool) {
        defer { wasAvailable = available }
        guard available else { return }
        for observer in observers { observer() }
    }
}
