import CGtk
import GObjectSupport
import GalleryCore

/// Every viewer command as a `win.` action (buttons, menus and tests activate them by name),
/// with the keys that trigger it.
extension ViewerWindow {
    static let actions: [ActionEntry<ViewerWindow>] = [
        .init(name: ViewerAction.previous, accelerators: ["Left", "Page_Up"], alternatives: ["KP_Left", "KP_Page_Up"]) {
            $0.turnPage(-1)
        },
        .init(name: ViewerAction.next, accelerators: ["Right", "Page_Down"], alternatives: ["KP_Right", "KP_Page_Down"]) {
            $0.turnPage(1)
        },
        .init(name: ViewerAction.slideshow, accelerators: ["F5"]) { $0.toggleSlideshow() },
        .init(name: ViewerAction.slideshowPause, accelerators: ["space"]) { $0.toggleSlideshowPause() },
        .init(name: ViewerAction.slideshowStop) { $0.stopSlideshow() },
        .init(name: ViewerAction.properties, accelerators: ["<Alt>Return", "F9"]) { $0.toggleProperties() },
        // Eye of GNOME's key for its image gallery is F9, which is Loupe's (and our) properties.
        .init(name: ViewerAction.filmstrip, accelerators: ["<Control>F9"], isToggle: true) {
            $0.setFilmstripShown(!$0.filmstrip.isChosen)
        },
        // As Loupe and Eye of GNOME bind them.
        .init(name: ViewerAction.rotateRight, accelerators: ["<Control>r"]) { $0.turnPicture { $0.rotatedRight } },
        .init(name: ViewerAction.rotateLeft, accelerators: ["<Control><Shift>r"]) { $0.turnPicture { $0.rotatedLeft } },
        .init(name: ViewerAction.flip) { $0.turnPicture { $0.flipped } },
        .init(name: ViewerAction.setBackground) { $0.setAsBackground() },
        .init(name: ViewerAction.print, accelerators: ["<Control>p"]) { $0.printPicture() },
        .init(name: ViewerAction.crop, accelerators: ["c"]) { $0.startCrop() },
        .init(name: ViewerAction.first, accelerators: ["Home"], alternatives: ["KP_Home"]) { $0.go { $0.first() } },
        .init(name: ViewerAction.last, accelerators: ["End"], alternatives: ["KP_End"]) { $0.go { $0.last() } },
        // Ctrl+ as well, as in every GNOME app; + is Shift+= on many layouts, so = too.
        .init(name: ViewerAction.zoomIn, accelerators: ["plus"],
              alternatives: ["equal", "KP_Add", "<Control>plus", "<Control>equal", "<Control>KP_Add"]) {
            $0.zoomStep(ZoomModel.stepFactor)
        },
        .init(name: ViewerAction.zoomOut, accelerators: ["minus"], alternatives: ["KP_Subtract", "<Control>minus", "<Control>KP_Subtract"]) {
            $0.zoomStep(1 / ZoomModel.stepFactor)
        },
        .init(name: ViewerAction.zoomBestFit, accelerators: ["0"], alternatives: ["KP_0", "<Control>0", "<Control>KP_0"]) {
            $0.canvas.updateZoom { $0.zoomToBestFit() }
        },
        .init(name: ViewerAction.zoomOriginal, accelerators: ["1"], alternatives: ["KP_1", "<Control>1", "<Control>KP_1"]) {
            $0.zoom(toLevel: 1)
        },
        // As Loupe binds 1 and 2; 4 and 5 for the menu's other levels.
        .init(name: ViewerAction.zoomHalf, accelerators: ["5"], alternatives: ["KP_5"]) { $0.zoom(toLevel: 0.5) },
        .init(name: ViewerAction.zoomDouble, accelerators: ["2"], alternatives: ["KP_2", "<Control>2", "<Control>KP_2"]) {
            $0.zoom(toLevel: 2)
        },
        .init(name: ViewerAction.zoomQuadruple, accelerators: ["4"], alternatives: ["KP_4"]) { $0.zoom(toLevel: 4) },
        .init(name: ViewerAction.keepZoom, accelerators: ["k"], isToggle: true) { $0.setKeepZoom(!$0.zoomKeeper.isOn) },
        .init(name: ViewerAction.fullscreen, accelerators: ["F11"]) { $0.chrome.toggle() },
        .init(name: ViewerAction.leaveFullscreen, accelerators: ["Escape"]) { window in
            if window.slideshow != nil { window.stopSlideshow() } else { window.chrome.leave() }
        },
        .init(name: ViewerAction.retry) { $0.store.retry($0.paging.index) },
        .init(name: ViewerAction.failureDetails) { $0.showFailureDetails() },
        .init(name: ViewerAction.openInBrowser) { $0.openInBrowser() },
        .init(name: ViewerAction.copyLink) { $0.copyLink() },
        .init(name: ViewerAction.copyImage) { $0.copyImage() },
        .init(name: ViewerAction.saveAs, accelerators: ["<Shift><Control>s"]) { $0.saveImageAs() },
        .init(name: ViewerAction.openWith, accelerators: ["<Control><Shift>o"]) { $0.openWith() },
        .init(name: ViewerAction.dismissBanner) { $0.status.hideBanner() },
        .init(name: ViewerAction.close, accelerators: ["<Control>w"]) { gtk_window_close($0.window.cast()) },
    ]

    /// The keys work in the capture phase: arrows must page even while a header button has
    /// focus (GtkWindow would otherwise move focus with them).
    func installActions() {
        ActionTable.installKeys(Self.actions, for: self, on: window.opaque, keysOn: window) { window, name in
            window.keyOutcome(for: name)
        }
    }

    /// Menus keep their keys; a key whose action is disabled is eaten (no focus moves with a
    /// page turn that cannot happen); Escape leaves fullscreen only.
    private func keyOutcome(for name: String) -> KeyOutcome {
        if let focus = gtk_root_get_focus(window.opaque), gtk_widget_get_ancestor(focus, gtk_popover_get_type()) != nil {
            return .pass
        }
        // While cropping the keys are the crop frame's (`CropOverlay`), but closing the window.
        if isCropping { return name == ViewerAction.close.rawValue ? .activate : .pass }
        if name == ViewerAction.leaveFullscreen.rawValue { return chrome.isFullscreen || slideshow != nil ? .activate : .pass }
        // In the filmstrip the arrows, Home and End move between its cells, and Enter jumps.
        if let focus = gtk_root_get_focus(window.opaque), filmstrip.contains(focus), Self.pagingKeys.contains(name) { return .pass }
        return g_action_group_get_action_enabled(window.opaque, name) != 0 ? .activate : .swallow
    }

    private static let pagingKeys: Set = [ViewerAction.previous, .next, .first, .last].map(\.rawValue).reduce(into: Set<String>()) { $0.insert($1) }

    func setEnabled(_ name: ViewerAction, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(window.opaque, name.rawValue) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// Activates a `win.` action as a button or menu item would (used by tests too).
    func activate(_ name: ViewerAction) {
        g_action_group_activate_action(window.opaque, name.rawValue, nil)
    }

    func isEnabled(_ name: ViewerAction) -> Bool {
        g_action_group_get_action_enabled(window.opaque, name.rawValue) != 0
    }

    /// Keyboard and menu zoom is anchored at the centre, where the eye usually is.
    private func zoomStep(_ factor: Double) {
        canvas.updateZoom { $0.zoom(by: factor, anchor: $0.viewportCenter) }
    }

    /// `level` 1 is 100 %.
    func zoom(toLevel level: Double) {
        canvas.updateZoom { $0.zoom(toLevel: level, anchor: $0.viewportCenter) }
    }

    func setState(_ name: ViewerAction, _ on: Bool) {
        ActionTable.setState(name, on, on: window.opaque)
    }
}
