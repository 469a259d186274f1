import CGtk
import GObjectSupport
import GalleryCore

/// Every viewer command as a `win.` action (buttons, menus and tests activate them by name),
/// and the keys that trigger them.
extension ViewerWindow {
    func installActions() {
        let table: [(String, @MainActor (ViewerWindow) -> Void)] = [
            ("previous", { $0.turnPage(-1) }),
            ("next", { $0.turnPage(1) }),
            ("first", { $0.go { $0.first() } }),
            ("last", { $0.go { $0.last() } }),
            ("zoom-in", { $0.zoomStep(ZoomModel.stepFactor) }),
            ("zoom-out", { $0.zoomStep(1 / ZoomModel.stepFactor) }),
            ("zoom-best-fit", { $0.canvas.updateZoom { $0.zoomToBestFit() } }),
            ("zoom-original", { $0.canvas.updateZoom { $0.zoom(toLevel: 1, anchor: $0.viewportCenter) } }),
            ("zoom-toggle", { window in
                window.canvas.updateZoom { zoom in
                    if zoom.isBestFit { zoom.zoom(toLevel: 1, anchor: zoom.viewportCenter) } else { zoom.zoomToBestFit() }
                }
            }),
            ("fullscreen", { $0.chrome.toggle() }),
            ("leave-fullscreen", { $0.chrome.leave() }),
            ("retry", { $0.store.retry($0.paging.index) }),
            ("open-in-browser", { $0.openInBrowser() }),
            ("copy-link", { $0.copyLink() }),
            ("copy-image", { $0.copyImage() }),
            ("save-as", { $0.saveImageAs() }),
            ("dismiss-banner", { $0.status.hideBanner() }),
            ("close", { gtk_window_close($0.window.cast()) }),
        ]
        for (name, handler) in table {
            let action = g_simple_action_new(name, nil)!
            Signal.connect(action, "activate") { [weak self] (_: UnsafeMutableRawPointer?) in
                guard let self else { return }
                handler(self)
            }
            g_action_map_add_action(window.opaque, action.opaque)
            actions[name] = action.opaque
            g_object_unref(action.rawPointer) // the window's action map keeps it
        }
    }

    func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = actions[name] else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// Activates a `win.` action as a button or menu item would (used by tests too).
    func activate(_ name: String) {
        g_action_group_activate_action(window.opaque, name, nil)
    }

    func isEnabled(_ name: String) -> Bool {
        g_action_group_get_action_enabled(window.opaque, name) != 0
    }

    /// Keyboard zoom is anchored at the centre, where the eye usually is.
    private func zoomStep(_ factor: Double) {
        canvas.updateZoom { $0.zoom(by: factor, anchor: $0.viewportCenter) }
    }

    func installKeyboard() {
        let keys = gtk_event_controller_key_new()!
        // Capture phase: arrows must page even while a header button has focus (GtkWindow would
        // otherwise move focus with them). Menus keep their keys: see `keyAction`.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(keys) { [weak self] keyval, state in
            guard let self, let name = keyAction(keyval: keyval, state: state) else { return false }
            guard isEnabled(name) || name == "leave-fullscreen" else { return true }
            if name == "leave-fullscreen", !chrome.isFullscreen { return false }
            activate(name)
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    private func keyAction(keyval: UInt32, state: GdkModifierType) -> String? {
        if let focus = gtk_root_get_focus(window.opaque),
           gtk_widget_get_ancestor(focus, gtk_popover_get_type()) != nil {
            return nil
        }
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let otherModifiers = state.rawValue & (GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) != 0
        if otherModifiers { return nil }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add: return "zoom-in"
        case GDK_KEY_minus, GDK_KEY_KP_Subtract: return "zoom-out"
        case GDK_KEY_0, GDK_KEY_KP_0: return "zoom-best-fit"
        case GDK_KEY_1, GDK_KEY_KP_1: return "zoom-original"
        case GDK_KEY_w where control: return "close"
        default: break
        }
        if control { return nil }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: return "previous"
        case GDK_KEY_Right, GDK_KEY_KP_Right, GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: return "next"
        case GDK_KEY_Home, GDK_KEY_KP_Home: return "first"
        case GDK_KEY_End, GDK_KEY_KP_End: return "last"
        case GDK_KEY_F11: return "fullscreen"
        case GDK_KEY_Escape: return "leave-fullscreen"
        default: return nil
        }
    }
}
