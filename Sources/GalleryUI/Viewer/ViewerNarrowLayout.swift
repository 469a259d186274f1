import CGtk
import CShims
import GObjectSupport

/// The viewer on a phone's screen (issue 54), as GNOME Image Viewer lays itself out there: when
/// the header's controls do not fit, it keeps the page buttons, the position and one menu with
/// every other verb, and zoom, filmstrip, properties and share move to a bar under the picture;
/// wider, the header holds them all, as it always did.
///
/// The switch is a `NarrowSwitch`'s (GTK 4.8 has no breakpoints). A window the wide header
/// held wide could never become narrow, so the wide controls sit in a box that asks for no
/// width of its own (`Shrinkable`), beside the title in the header's middle, which takes all the
/// width the page buttons and window buttons leave (a header bar gives a side no more than half
/// of the window, so at the end they would be cut): they show in full where there is room, and
/// the narrow layout takes over before a person could see them cut.
@MainActor
final class ViewerNarrowLayout {
    /// Beside the wide controls' own width: the page buttons, the window's buttons and the
    /// title at its narrowest. Narrow below that; wide again `hysteresis` pixels above it, so a
    /// width near the edge does not flip the layout back and forth.
    static let besideControls = 2 * 110 + 80
    static let hysteresis = 40

    /// The bar under the picture, shown in the narrow layout only.
    let bottomBar: UnsafeMutablePointer<GtkWidget>
    /// The header's one menu of the narrow layout.
    let menuButton: UnsafeMutablePointer<GtkWidget>
    /// The header's middle: the title, then the wide controls.
    let titleWidget: UnsafeMutablePointer<GtkWidget>
    private let wideBox: UnsafeMutablePointer<GtkWidget>
    private let wideControls: UnsafeMutablePointer<GtkWidget>
    private lazy var narrowSwitch = NarrowSwitch(hysteresis: Self.hysteresis) { [weak self] narrow in
        guard let self else { return }
        gtk_widget_set_visible(self.wideControls, narrow ? 0 : 1)
        gtk_widget_set_visible(self.menuButton, narrow ? 1 : 0)
        for widget in self.wideOnly { gtk_widget_set_visible(widget, narrow ? 0 : 1) }
        self.isNarrow = narrow
        self.showBottomBar()
        self.onNarrowChange?(narrow)
    }
    private(set) var isNarrow = false
    private var isFullscreen = false
    private var wideOnly: [UnsafeMutablePointer<GtkWidget>] = []
    /// The layout switched: what lies outside the header follows (the properties' sheet).
    var onNarrowChange: ((_ narrow: Bool) -> Void)?

    /// `wide`: the header's end controls as a wide window shows them; `bottom`: what the bar
    /// under the picture holds; `menu`: the narrow header's menu (taken).
    init(title: UnsafeMutablePointer<GtkWidget>, wide: [UnsafeMutablePointer<GtkWidget>], bottom: [UnsafeMutablePointer<GtkWidget>],
         menu: OpaquePointer) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for widget in wide { gtk_box_append(box.cast(), widget) }
        wideBox = box
        wideControls = Shrinkable.wrapping(box)
        titleWidget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_hexpand(titleWidget, 1)
        gtk_widget_set_hexpand(title, 1)
        gtk_box_append(titleWidget.cast(), title)
        gtk_box_append(titleWidget.cast(), wideControls)
        bottomBar = gtk_action_bar_new()!
        gtk_widget_add_css_class(bottomBar, "viewer-bottom-bar")
        let centre = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for widget in bottom { gtk_box_append(centre.cast(), widget) }
        gtk_action_bar_set_center_widget(bottomBar.opaque, centre)
        gtk_widget_set_visible(bottomBar, 0)
        menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(menuButton.opaque, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(menuButton.opaque, menu.cast())
        g_object_unref(menu.rawPointer)
        ViewerButtons.describe(menuButton, label: L10n.tr("Viewer Menu"))
        gtk_widget_set_visible(menuButton, 0)
    }

    /// `widget` shows in the wide layout only: in fullscreen on a phone's screen the controls over
    /// the picture would not fit with it (the zoom buttons there: fingers pinch).
    func hideWhenNarrow(_ widget: UnsafeMutablePointer<GtkWidget>) {
        wideOnly.append(widget)
        gtk_widget_set_visible(widget, isNarrow ? 0 : 1)
    }

    /// In fullscreen the bar under the picture goes: the controls over the picture hold its verbs.
    func setFullscreen(_ fullscreen: Bool) {
        isFullscreen = fullscreen
        showBottomBar()
    }

    private func showBottomBar() {
        gtk_widget_set_visible(bottomBar, isNarrow && !isFullscreen ? 1 : 0)
    }

    /// Lays the viewer out for a window `width` pixels wide, on the next idle.
    func fit(width: Int) {
        narrowSwitch.fit(width: width, needed: Shrinkable.naturalWidth(of: wideBox) + Self.besideControls)
    }
}
