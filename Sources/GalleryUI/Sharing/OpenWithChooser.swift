import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// "Open With…": the desktop's chooser of applications for the picture's type
/// (GtkAppChooserDialog, as Eye of GNOME and Files use in GTK 4.8), then the application picked
/// opens a copy of the original exactly as downloaded (`OpenWithCopies`), from the cache or
/// downloaded with the person-is-waiting priority. Used by the viewer and the grid's tile menu.
@MainActor
final class OpenWithChooser {
    enum Outcome: Equatable {
        case opened(application: String)
        case failed(String)
        case cancelled
    }

    private let parent: UnsafeMutablePointer<GtkWidget>
    private let title: String
    private let bytes: @Sendable () async throws -> OriginalFile
    private let copies: OpenWithCopies
    private let completion: @MainActor (Outcome) -> Void
    private var dialog: UnsafeMutablePointer<GtkWidget>?
    private var file: OpaquePointer?

    init(parent: UnsafeMutablePointer<GtkWidget>, title: String, copies: OpenWithCopies = .session,
         bytes: @escaping @Sendable () async throws -> OriginalFile, completion: @escaping @MainActor (Outcome) -> Void) {
        self.parent = parent
        self.title = title
        self.bytes = bytes
        self.copies = copies
        self.completion = completion
    }

    func run() {
        let bytes = bytes, copies = copies, title = title
        Task { @MainActor [weak self] in
            let copy = await OriginalCopy.make(
                title: title, bytes: bytes, unwritten: L10n.tr("The picture could not be copied for the other application.")
            ) { data, name in try copies.write(data, named: name) }
            switch copy {
            case .success(let file): self?.ask(for: file)
            case .failure(.failed(let reason)): self?.completion(.failed(reason))
            case .failure(.cancelled): self?.completion(.cancelled)
            }
        }
    }

    private func ask(for copy: URL) {
        let file = g_file_new_for_path(copy.path)!
        self.file = file
        let dialog = gtk_app_chooser_dialog_new(parent.cast(), GtkDialogFlags(GTK_DIALOG_MODAL.rawValue | GTK_DIALOG_DESTROY_WITH_PARENT.rawValue), file)!
        gtk_app_chooser_dialog_set_heading(dialog.opaque, L10n.tr("Open the picture with"))
        self.dialog = dialog
        Signal.connect(dialog, .response) { [weak self] response in self?.responded(response) }
        gtk_window_present(dialog.cast())
    }

    private func responded(_ response: Int32) {
        guard let dialog, let file else { return }
        defer {
            gtk_window_destroy(dialog.cast())
            g_object_unref(file.rawPointer)
            self.dialog = nil
            self.file = nil
        }
        guard response == GTK_RESPONSE_OK.rawValue, let application = gtk_app_chooser_get_app_info(dialog.opaque) else {
            return completion(.cancelled)
        }
        defer { g_object_unref(application.rawPointer) }
        let name = String(cString: g_app_info_get_display_name(application))
        let context = gdk_display_get_app_launch_context(gtk_widget_get_display(parent))
        defer { context.map { g_object_unref($0.rawPointer) } }
        let files = g_list_append(nil, file.rawPointer)
        defer { g_list_free(files) }
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch(application, files, context?.cast(), &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            return completion(.failed(L10n.format("%1$s could not open the picture: %2$s", name, reason)))
        }
        completion(.opened(application: name))
    }
}

extension OpenWithCopies {
    /// In this session's runtime folder (GLib falls back to the cache folder without one).
    static var session: OpenWithCopies {
        OpenWithCopies(runtimeDirectory: URL(fileURLWithPath: String(cString: g_get_user_runtime_dir()), isDirectory: true))
    }
}
