import CGtk
import GObjectSupport

/// Tells when the network comes back, from GIO's GNetworkMonitor (netlink or NetworkManager).
@MainActor
final class NetworkMonitor {
    private let monitor: OpaquePointer
    private var observers: [@MainActor () -> Void] = []

    init() {
        monitor = g_network_monitor_get_default()
        Signal.connect(monitor, .networkChanged) { [weak self] (available: Bool) in
            if available { self?.networkIsWorking() }
        }
    }

    /// `handler` runs each time the network is (again) available.
    func onNetworkAvailable(_ handler: @escaping @MainActor () -> Void) {
        observers.append(handler)
    }

    /// Called on GIO's signal, and by the app when a download succeeds: any sign that the
    /// network works is a reason to retry at once what failed for network reasons.
    func networkIsWorking() {
        for observer in observers { observer() }
    }
}
