import CGtk
import Foundation
import GObjectSupport

/// Watches a local links file and says when it was saved again, so the grid follows edits.
///
/// Reacts to the end of a write (`CHANGES_DONE_HINT`) and to the file appearing, disappearing
/// or being replaced (editors save to a temporary file and rename it over the old one), not to
/// every `CHANGED`, which would re-read a half-written file.
@MainActor
final class LinksFileMonitor {
    private let monitor: UnsafeMutablePointer<GFileMonitor>?
    private let onChange: @MainActor () -> Void

    init(url: URL, onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
        let file = g_file_new_for_path(url.path)
        monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, nil)
        g_object_unref(file?.rawPointer)
        guard let monitor else { return }
        Signal.connect(monitor, .fileChanged) { [weak self] event in
            guard [G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED,
                   G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_RENAMED].contains(event)
            else { return }
            self?.onChange()
        }
    }

    isolated deinit {
        guard let monitor else { return }
        // Cancelled and released here, so no change is reported once this object is gone.
        g_file_monitor_cancel(monitor)
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }
}
