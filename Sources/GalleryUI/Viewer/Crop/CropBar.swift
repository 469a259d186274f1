import CGtk
import CShims
import GObjectSupport

/// The crop's controls in a row under the picture, which the picture's best fit leaves room
/// for (over it, they hid the frame's bottom handles): the aspect (Free, Original, Square, 4:3,
/// 3:2, 16:9), Cancel and Save Copy….
@MainActor
final class CropBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let aspects: UnsafeMutablePointer<GtkWidget>
    var onAspect: (@MainActor (CropModel.Aspect) -> Void)?
    var onCancel: (@MainActor () -> Void)?
    var onSave: (@MainActor () -> Void)?

    static var aspectNames: [String] {
        [L10n.tr("Free"), L10n.tr("Original"), L10n.tr("Square"), "4:3", "3:2", "16:9"]
    }

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(widget, "crop-bar")
        gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
        let names = Self.aspectNames.map { strdup($0) } + [nil]
        defer { names.forEach { free($0) } }
        var pointers = names.map { $0.map { UnsafePointer<CChar>($0) } }
        aspects = gtk_drop_down_new_from_strings(&pointers)
        ViewerButtons.describe(aspects, label: L10n.tr("Aspect Ratio"))
        let cancel = gtk_button_new_with_label(L10n.tr("Cancel"))!
        let save = gtk_button_new_with_label(L10n.tr("Save Copy…"))!
        gtk_widget_add_css_class(save, "suggested-action")
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_hexpand(row, 1)
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        for child in [aspects, cancel, save] { gtk_box_append(row.cast(), child) }
        gtk_box_append(widget.cast(), row)
        Signal.connect(aspects, .notify("selected")) { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, let aspect = CropModel.Aspect(rawValue: Int(gtk_drop_down_get_selected(self.aspects.opaque))) else { return }
            self.onAspect?(aspect)
        }
        Signal.connect(cancel, .clicked) { [weak self] in self?.onCancel?() }
        Signal.connect(save, .clicked) { [weak self] in self?.onSave?() }
    }

    /// Chooses an aspect as the drop-down would (tests, and keys to come).
    func choose(_ aspect: CropModel.Aspect) {
        gtk_drop_down_set_selected(aspects.opaque, guint(aspect.rawValue))
    }
}
