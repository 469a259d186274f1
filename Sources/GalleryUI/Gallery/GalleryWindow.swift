import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// The main window: header bar with status, a banner, and the grid or a status page.
///
/// ```
/// GtkApplicationWindow.gallery "Link Gallery"
/// ├─ titlebar: GtkHeaderBar  [Refresh] "Link Gallery / images.txt · 60 images · 2 other entries"
/// │                          [Filter] [Select] [Menu]; in selection mode "3 selected" [Done]
/// └─ GtkBox
///    ├─ Banner (revealer)     offline with a cached list, cache problems, a save's report
///    ├─ Banner (revealer)     decoders without bubblewrap, until dismissed for good
///    ├─ FilterBar             Ctrl+F: address text, and All / Pictures / Failed / Not Pictures
///    ├─ GtkStack              "status": StatusPage  |  "grid": GalleryGrid  |  "no-match"
///    ├─ SaveProgress          "Saving 12 of 40" [Cancel], while Save to Folder runs
///    └─ GtkActionBar          in selection mode: Select All, Retry, Slideshow, Copy Links,
///                             Open in Browser, Save to Folder…
/// ```
@MainActor
final class GalleryWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let application: OpaquePointer
    let services: AppServices
    /// The list shown; `show(_:)` switches to another.
    private(set) var source: LinksSource
    private(set) var controller: LinksController
    /// Re-reads a local list when it changes on disk.
    private var fileMonitor: LinksFileMonitor?
    /// The main menu's recent lists, rebuilt when they change.
    let recentMenu = g_menu_new()!
    let grid: GalleryGrid
    let stack: UnsafeMutablePointer<GtkWidget>
    let statusPage: StatusPage
    let banner = Banner()
    /// The Open With chooser of a tile, while it is open.
    var openWithChooser: OpenWithChooser?
    /// Told at start, until the person dismisses it for good: less protection on this computer.
    let sandboxNotice = Banner()
    let subtitle: UnsafeMutablePointer<GtkWidget>
    var contextMenu: UnsafeMutablePointer<GtkWidget>?
    /// The window's content below the header bar.
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    /// Built after the first frame (`buildAfterFirstFrame`), or when first asked for: the
    /// first frame has the grid and nothing else to make.
    var builtFilterBar: FilterBar?
    var builtSaveProgress: SaveProgress?
    var builtSelectionBar: SelectionBar?
    /// The Save to Folder under way, if any.
    var saving: SaveToFolder?
    let refreshButton = gtk_button_new_from_icon_name("view-refresh-symbolic")!
    let selectButton = gtk_button_new_from_icon_name("selection-mode-symbolic")!
    let doneButton = gtk_button_new_with_label(L10n.tr("Done"))!
    let filterButton = gtk_toggle_button_new()!
    let noMatch = gtk_label_new(nil)!
    /// Tiles change state by the hundred while a big file loads; the label changes once per
    /// main-loop turn.
    private lazy var subtitleUpdate = IdleCoalescer { [weak self] in self?.updateSubtitle() }
    /// Shown again whenever the banner would otherwise hide: the cache stays unusable.
    private(set) var cacheProblem: String?
    /// What the grid's list holds, as it last reported.
    private(set) var counts = TileCounts()
    /// Set by the application: opens the viewer on an image tile.
    var onOpenImage: (@MainActor (_ images: [GridItem], _ index: Int, _ slideshow: Bool) -> Void)?

    init(application: OpaquePointer, services: AppServices, source: LinksSource) {
        self.application = application
        self.services = services
        self.source = source
        controller = LinksController(repository: services.linksRepository(for: source), retries: services.retries)
        grid = GalleryGrid(source: services.images, retries: services.retries)
        grid.displayScale = services.displayScale
        grid.setCellSide(services.settings.thumbnailSize)
        window = gtk_application_window_new(application.cast())
        gtk_window_set_title(window.cast(), AppIdentity.name)
        gtk_widget_add_css_class(window, "gallery")
        gtk_widget_add_css_class(window, Stylesheet.appWindowClass)
        gtk_window_set_default_size(window.cast(), gint(max(services.settings.windowWidth, 360)),
                                    gint(max(services.settings.windowHeight, 300)))
        if services.settings.windowMaximized { gtk_window_maximize(window.cast()) }

        subtitle = gtk_label_new(nil)
        stack = gtk_stack_new()
        statusPage = StatusPage()

        statusPage.onRetry = { [weak self] in self?.refresh() }
        statusPage.offerLists(openAction: GalleryAction.open.detailedName, recent: recentMenu)
        buildHeaderBar()
        buildContent()
        installActions()
        if services.settings.hidesDuplicates { setHidesDuplicates(true) }
        installListActions()
        installSelectionActions()
        // The viewport's width changes with every resize, maximize and fullscreen (`GalleryGrid`).
        Signal.connect(gtk_scrolled_window_get_hadjustment(grid.scrolledWindow.opaque)!, .changed) { [weak self] in
            self?.fitSelectionBar()
        }
        connectModel()
        Signal.connect(window, .closeRequest) { [weak self] in
            self?.saveWindowState()
            return false
        }
        // The app outlives this window while a viewer is open; the tiles hold widgets and
        // textures by their own references, so they are given back here.
        Signal.connect(window, .destroy) { [weak self] in
            self?.dismissContextMenu()
            self?.grid.disposeAll()
        }
        controller.start()
        showSandboxNoticeIfNeeded()
        showPhase(controller.phase)
        listShown()
    }

    /// Switches the window to another list (a later launch, Open…, a recent list, a drop).
    func show(_ newSource: LinksSource) {
        guard newSource != source else { return refresh() }
        controller.stop()
        DecoderWorkers.retireForAnotherList()
        source = newSource
        controller = LinksController(repository: services.linksRepository(for: newSource), retries: services.retries)
        connectModel()
        controller.start()
        showPhase(controller.phase)
        listShown()
    }

    private func listShown() {
        fileMonitor = source.isLocalFile ? LinksFileMonitor(url: source.url) { [weak self] in self?.controller.reload() } : nil
        services.recentLists.record(source)
        updateSubtitle()
    }

    /// The longest the first showing waits for the saved list.
    private static let cacheWaitMilliseconds: UInt32 = 150

    /// Shows the window once the saved list is on it, waiting at most 150 ms: a start from the
    /// cache then opens on the grid instead of flashing the "Loading" page for a frame, and the
    /// first screen's thumbnails are read from disk while GTK prepares its first frame.
    func present() {
        // Shown already (a later launch): raise it now, whatever list it is loading.
        guard !controller.hasCheckedCache, gtk_widget_get_visible(window) == 0 else {
            gtk_window_present(window.cast())
            return
        }
        PerformanceTrace.shared.watchFirstFrame(of: window)
        var presented = false
        let presentOnce: @MainActor () -> Void = { [weak self] in
            guard let self, !presented else { return }
            presented = true
            PerformanceTrace.shared.record(.present)
            gtk_window_present(self.window.cast())
        }
        controller.onCacheChecked = presentOnce
        MainLoopSource.once(afterMilliseconds: Self.cacheWaitMilliseconds, presentOnce)
    }

    // MARK: Building

    private func buildHeaderBar() {
        let header = gtk_header_bar_new()!
        let titleBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(titleBox, GTK_ALIGN_CENTER)
        let title = gtk_label_new(AppIdentity.name)!
        gtk_widget_add_css_class(title, "title")
        gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END) // on a phone's 360 px too
        gtk_widget_add_css_class(subtitle, "subtitle")
        gtk_label_set_ellipsize(subtitle.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_set_visible(subtitle, 0)
        gtk_box_append(titleBox.cast(), title)
        gtk_box_append(titleBox.cast(), subtitle)
        gtk_header_bar_set_title_widget(header.opaque, titleBox)

        let refresh = refreshButton
        gtk_actionable_set_action_name(refresh.opaque, GalleryAction.refresh.detailedName)
        gtk_widget_set_tooltip_text(refresh, L10n.tr("Refresh (F5)"))
        shim_accessible_set_label(refresh.opaque, L10n.tr("Refresh"))
        gtk_header_bar_pack_start(header.opaque, refresh)

        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(menuButton.opaque, "open-menu-symbolic")
        let menu = MainMenu.primary(recent: recentMenu)
        gtk_menu_button_set_menu_model(menuButton.opaque, menu.cast())
        g_object_unref(menu.rawPointer)
        gtk_menu_button_set_primary(menuButton.opaque, 1)
        gtk_widget_set_tooltip_text(menuButton, L10n.tr("Main Menu"))
        shim_accessible_set_label(menuButton.opaque, L10n.tr("Main Menu"))
        gtk_header_bar_pack_end(header.opaque, menuButton)
        buildSelectionHeader(header)
        gtk_window_set_titlebar(window.cast(), header)
    }

    private func buildContent() {
        let box = content
        gtk_box_append(box.cast(), banner.widget)
        gtk_box_append(box.cast(), sandboxNotice.widget)
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_add_named(stack.opaque, statusPage.widget, "status")
        gtk_stack_add_named(stack.opaque, grid.scrolledWindow, "grid")
        gtk_widget_add_css_class(noMatch, "dim-label")
        gtk_stack_add_named(stack.opaque, noMatch, "no-match")
        gtk_widget_set_vexpand(stack, 1)
        gtk_box_append(box.cast(), stack)
        gtk_window_set_child(window.cast(), box)
        buildAfterFirstFrame()
        grid.onCellSideRequest = { [weak self] steps in self?.changeThumbnailSize(by: steps) }

        grid.onActivate = { [weak self] index in self?.open(index) }
        grid.onFailureDetails = { [weak self] item in self?.showFailureDetails(of: item) }
        grid.onContextMenu = { [weak self] index, anchor, x, y in self?.showContextMenu(for: index, anchor: anchor, x: x, y: y) }
        grid.onCountsChange = { [weak self] counts in
            self?.counts = counts
            self?.subtitleUpdate.schedule()
        }
        services.images.cacheProblems.onFirstProblem { [weak self] problem in
            Task { @MainActor in
                guard let self else { return }
                let message = ErrorMessages.cacheBanner(problem)
                self.cacheProblem = message
                self.banner.show(message)
            }
        }
    }

    private func connectModel() {
        controller.onChange = { [weak self] phase in self?.showPhase(phase) }
        // The list arrived, so the network works: retry what failed for network reasons now.
        controller.onOnline = { [weak self] in self?.services.network.networkIsWorking() }
    }

    // MARK: Behaviour

    func refresh() {
        controller.refresh()
        grid.refreshTiles()
    }

    private func saveWindowState() {
        services.settings.windowMaximized = gtk_window_is_maximized(window.cast()) != 0
        guard let size = RestorableSize.of(window) else { return }
        services.settings.windowWidth = size.width
        services.settings.windowHeight = size.height
    }
}
