import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// "Print…" (Ctrl+P): GTK's print dialog (with its page setup and preview) for the page shown,
/// one sheet, the picture fitted to the printable area and centred, the sheet's orientation
/// chosen to fit it. The pixels are the original decoded for print (`printBox`, colour-managed
/// and upright like every decode, never the thumbnail) and turned as the viewer shows them, by
/// the decoder in the sandbox (the caller's `picture` asks for the person's turn).
@MainActor
final class ViewerPrint {
    enum Outcome: Equatable {
        case printed
        case failed(String)
        case cancelled
    }

    /// The largest side decoded for print: an A4 or Letter sheet at 300 dpi (3508 px), which a
    /// photo printer does not exceed.
    static let printBox = PixelSize(width: 3600, height: 3600)

    private let parent: UnsafeMutablePointer<GtkWidget>
    private let title: String
    private let picture: @Sendable () async throws -> DecodedImage
    private let completion: @MainActor (Outcome) -> Void
    private var operation: UnsafeMutablePointer<GtkPrintOperation>?
    private var pixbuf: ObjectReference?

    init(parent: UnsafeMutablePointer<GtkWidget>, title: String,
         picture: @escaping @Sendable () async throws -> DecodedImage, completion: @escaping @MainActor (Outcome) -> Void) {
        self.parent = parent
        self.title = title
        self.picture = picture
        self.completion = completion
    }

    /// `exportTo`: a PDF file written without a dialog (GTK's export action), for tests.
    func run(exportTo path: String? = nil) {
        let picture = picture
        Task { @MainActor [weak self] in
            do {
                let texture = try await picture().texture
                // Off the main thread: a page for print is up to 13 megapixels to copy.
                let pixbuf = await BlockingWork.run(on: .global(qos: .userInitiated)) { TurnedTexture.pixbuf(texture, turn: .none) }
                self?.print(pixbuf, exportTo: path)
            } catch let error as LoadError {
                self?.completion(.failed(ErrorMessages.explanation(for: error)))
            } catch {
                self?.completion(.cancelled)
            }
        }
    }

    private func print(_ pixbuf: ObjectReference?, exportTo path: String?) {
        guard let pixbuf else {
            return completion(.failed(L10n.tr("The picture could not be prepared for printing.")))
        }
        self.pixbuf = pixbuf
        let picture = OpaquePointer(pixbuf.pointer)
        let operation = gtk_print_operation_new()!
        self.operation = operation
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_job_name(operation, title)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let setup = gtk_page_setup_new()!
        let wide = gdk_pixbuf_get_width(picture) > gdk_pixbuf_get_height(picture)
        gtk_page_setup_set_orientation(setup, wide ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        gtk_print_operation_set_default_page_setup(operation, setup)
        g_object_unref(setup.rawPointer)
        Signal.connect(operation, .drawPage) { [weak self] context, _ in
            guard let self, let context, let pixbuf = self.pixbuf else { return }
            Self.draw(OpaquePointer(pixbuf.pointer), in: OpaquePointer(context))
        }
        let action: GtkPrintOperationAction
        if let path {
            gtk_print_operation_set_export_filename(operation, path)
            action = GTK_PRINT_OPERATION_ACTION_EXPORT
        } else {
            gtk_print_operation_set_allow_async(operation, 1)
            action = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG
        }
        Signal.connect(operation, .done) { [weak self] result in self?.finished(GtkPrintOperationResult(UInt32(result))) }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, action, parent.cast(), &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR {
            let message = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            finish(.failed(L10n.format("The picture could not be printed: %1$s", message)))
        } else if result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS {
            finished(result)
        }
    }

    private func finished(_ result: GtkPrintOperationResult) {
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY: finish(.printed)
        case GTK_PRINT_OPERATION_RESULT_CANCEL: finish(.cancelled)
        case GTK_PRINT_OPERATION_RESULT_ERROR: finish(.failed(L10n.tr("The picture could not be printed.")))
        default: break // still in progress
        }
    }

    private func finish(_ outcome: Outcome) {
        guard let operation else { return }
        g_object_unref(operation.rawPointer)
        self.operation = nil
        pixbuf = nil
        completion(outcome)
    }

    /// The picture fitted to the printable area and centred on it.
    private static func draw(_ pixbuf: OpaquePointer, in context: OpaquePointer) {
        let cairo = gtk_print_context_get_cairo_context(context)
        let width = gtk_print_context_get_width(context), height = gtk_print_context_get_height(context)
        let pictureWidth = Double(gdk_pixbuf_get_width(pixbuf)), pictureHeight = Double(gdk_pixbuf_get_height(pixbuf))
        let scale = min(width / pictureWidth, height / pictureHeight)
        cairo_save(cairo)
        cairo_translate(cairo, (width - pictureWidth * scale) / 2, (height - pictureHeight * scale) / 2)
        cairo_scale(cairo, scale, scale)
        gdk_cairo_set_source_pixbuf(cairo, pixbuf, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
