import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// The "Image Properties" side panel: beside the picture (the canvas shrinks; nothing is
/// covered; on a phone, under it), a column of groups whose rows are a title over a selectable value. The address row
/// has Copy, the location row Open in Maps. Each row is one accessible group named by its title
/// and value, so a screen reader reads "Camera: Canon EOS R6".
@MainActor
final class ViewerPropertiesPanel {
    static let width: Int32 = 300
    let revealer: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    private(set) var sections: [PropertySection] = []
    /// A row's button was pressed: copy this address, or show this place.
    var onCopy: ((URL) -> Void)?
    var onOpenPlace: ((Double, Double) -> Void)?

    init() {
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                       gtk_widget_set_margin_end] { margin(content, 18) }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled.opaque, content)
        gtk_widget_set_size_request(scrolled, Self.width, -1)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_widget_add_css_class(scrolled, "viewer-properties")
        shim_accessible_set_label(scrolled.opaque, L10n.tr("Image Properties"))
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(revealer.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
        gtk_revealer_set_child(revealer.opaque, scrolled)
    }

    /// The box the panel lies in beside the picture (which turns when it is a sheet).
    private var box: UnsafeMutablePointer<GtkWidget>?
    /// Whether the panel is a sheet under the picture, switched on the idle after a layout.
    private lazy var sheetSwitch = NarrowSwitch { [weak self] sheet in self?.lay(asSheet: sheet) }

    /// The sheet's height when the window leaves it no more.
    static let leastSheetHeight: Int32 = 120

    /// Puts the panel in `box`, after the picture's column.
    func attach(to box: UnsafeMutablePointer<GtkWidget>) {
        self.box = box
        gtk_box_append(box.cast(), revealer)
    }

    /// Beside the picture, or a sheet under it (a phone held upright, issue 54: the picture keeps
    /// the width, the panel takes the lower half), on the next idle: sizes are not changed while
    /// GTK allocates.
    func place(asSheet sheet: Bool) {
        sheetSwitch.set(sheet)
    }

    private func lay(asSheet sheet: Bool) {
        if let box {
            gtk_orientable_set_orientation(box.opaque, sheet ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        }
        guard let scrolled = gtk_revealer_get_child(revealer.opaque) else { return }
        // Under the picture it expands as the picture does, so the two share the height in
        // halves; a small least height, not half the window, or the window could never be
        // made shorter than the sheet (a phone turned on its side).
        gtk_widget_set_size_request(scrolled, sheet ? -1 : Self.width, sheet ? Self.leastSheetHeight : -1)
        gtk_revealer_set_transition_type(revealer.opaque, sheet ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP : GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(revealer.opaque) != 0 }

    func setShown(_ shown: Bool) { gtk_revealer_set_reveal_child(revealer.opaque, shown ? 1 : 0) }

    func show(_ sections: [PropertySection]) {
        guard sections != self.sections else { return }
        self.sections = sections
        while let child = gtk_widget_get_first_child(content) { gtk_box_remove(content.cast(), child) }
        for section in sections {
            let group = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)!
            let heading = gtk_label_new(section.title)!
            gtk_widget_add_css_class(heading, "heading")
            gtk_label_set_xalign(heading.opaque, 0)
            gtk_box_append(group.cast(), heading)
            for row in section.rows { gtk_box_append(group.cast(), widget(for: row)) }
            gtk_box_append(content.cast(), group)
        }
    }

    private func widget(for row: PropertyRow) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let title = gtk_label_new(row.title)!
        gtk_widget_add_css_class(title, "caption")
        gtk_widget_add_css_class(title, "dim-label")
        gtk_label_set_xalign(title.opaque, 0)
        let value = gtk_label_new(row.value)!
        gtk_label_set_xalign(value.opaque, 0)
        gtk_label_set_selectable(value.opaque, 1)
        gtk_label_set_wrap(value.opaque, 1)
        gtk_label_set_wrap_mode(value.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_widget_set_focusable(value, 0) // selectable by pointer; Tab goes to the buttons
        shim_accessible_set_label(value.opaque, row.title + ": " + row.value)
        gtk_box_append(box.cast(), title)
        gtk_box_append(box.cast(), value)
        switch row.kind {
        case .text:
            break
        case .address(let url):
            gtk_box_append(box.cast(), button(L10n.tr("Copy Address")) { [weak self] in self?.onCopy?(url) })
        case .place(let latitude, let longitude):
            gtk_box_append(box.cast(), button(L10n.tr("Open in Maps")) { [weak self] in self?.onOpenPlace?(latitude, longitude) })
        }
        return box
    }

    private func button(_ label: String, _ action: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(label)!
        gtk_widget_set_halign(button, GTK_ALIGN_START)
        gtk_widget_set_margin_top(button, 4)
        Signal.connect(button, .clicked) { action() }
        return button
    }
}
