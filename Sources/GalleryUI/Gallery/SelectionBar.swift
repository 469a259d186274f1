import CGtk
import CShims
import GObjectSupport

/// The bar at the foot of the main window in selection mode: the verbs on the selection. Wide,
/// each is a button, as always; on a phone's width (issue 54), where six labelled buttons cut
/// each other off, Save to Folder stays a button and the others are one tap away in a menu
/// beside it. The wide buttons sit in a `Shrinkable` box, so they never hold the window wide;
/// a `NarrowSwitch` picks the layout. Each button and menu item is its action's (`win.…`), so
/// what the selection allows is enabled alike in both.
@MainActor
final class SelectionBar {
    struct Verb {
        let label: String
        let action: GalleryAction
        let tooltip: String?
    }

    let widget: UnsafeMutablePointer<GtkWidget>
    private let wideBox: UnsafeMutablePointer<GtkWidget>
    private let wideControls: UnsafeMutablePointer<GtkWidget>
    /// The menu of the other verbs, at the start, and the primary button, at the end.
    private let narrowControls: [UnsafeMutablePointer<GtkWidget>]
    private lazy var narrowSwitch = NarrowSwitch { [weak self] narrow in
        guard let self else { return }
        gtk_widget_set_visible(self.wideControls, narrow ? 0 : 1)
        for control in self.narrowControls { gtk_widget_set_visible(control, narrow ? 1 : 0) }
    }

    /// `verbs` in the order a wide bar shows them after Select All, `primary` last.
    init(selectAll: Verb, verbs: [Verb], primary: Verb) {
        widget = gtk_action_bar_new()!
        wideBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(wideBox.cast(), Self.button(selectAll))
        let spacer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_hexpand(spacer, 1)
        gtk_box_append(wideBox.cast(), spacer)
        for verb in verbs { gtk_box_append(wideBox.cast(), Self.button(verb)) }
        gtk_box_append(wideBox.cast(), Self.button(primary, suggested: true))
        wideControls = Shrinkable.wrapping(wideBox)
        gtk_widget_set_hexpand(wideControls, 1)
        gtk_action_bar_set_center_widget(widget.opaque, wideControls)

        let menu = g_menu_new()!
        for verb in [selectAll] + verbs { g_menu_append(menu, verb.label, verb.action.detailedName) }
        let more = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(more.opaque, "view-more-symbolic")
        gtk_menu_button_set_menu_model(more.opaque, menu.cast())
        g_object_unref(menu.rawPointer)
        gtk_widget_set_tooltip_text(more, L10n.tr("More"))
        shim_accessible_set_label(more.opaque, L10n.tr("More"))
        narrowControls = [more, Self.button(primary, suggested: true)]
        gtk_action_bar_pack_start(widget.opaque, narrowControls[0])
        gtk_action_bar_pack_end(widget.opaque, narrowControls[1])
        for control in narrowControls { gtk_widget_set_visible(control, 0) }
    }

    /// Lays the bar out for a window `width` pixels wide (the bar's own padding beside the buttons).
    func fit(width: Int) {
        narrowSwitch.fit(width: width, needed: Shrinkable.naturalWidth(of: wideBox) + 24)
    }

    private static func button(_ verb: Verb, suggested: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(verb.label)!
        gtk_actionable_set_action_name(button.opaque, verb.action.detailedName)
        if let tooltip = verb.tooltip { gtk_widget_set_tooltip_text(button, tooltip) }
        if suggested { gtk_widget_add_css_class(button, "suggested-action") }
        return button
    }
}
