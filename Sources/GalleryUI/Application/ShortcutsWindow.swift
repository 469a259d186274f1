import CGtk
import Foundation

/// The Keyboard Shortcuts window (Ctrl+?), built from a GtkBuilder description.
@MainActor
enum ShortcutsWindow {
    private struct Shortcut { let accelerator: String; let title: String }
    private struct Group { let title: String; let shortcuts: [Shortcut] }

    private static var groups: [Group] {
        [
            Group(title: L10n.tr("Gallery"), shortcuts: [
                Shortcut(accelerator: "F5 <Control>r", title: L10n.tr("Refresh")),
                Shortcut(accelerator: "Return space", title: L10n.tr("Open the selected image")),
                Shortcut(accelerator: "Left Right Up Down", title: L10n.tr("Move between images")),
                Shortcut(accelerator: "Home End Page_Up Page_Down", title: L10n.tr("Jump through the grid")),
                Shortcut(accelerator: "Menu <Shift>F10", title: L10n.tr("Show the image menu")),
            ]),
            Group(title: L10n.tr("Viewer"), shortcuts: [
                Shortcut(accelerator: "Left Right Page_Up Page_Down", title: L10n.tr("Previous and next image")),
                Shortcut(accelerator: "Home End", title: L10n.tr("First and last image")),
                Shortcut(accelerator: "plus minus", title: L10n.tr("Zoom in and out")),
                Shortcut(accelerator: "0", title: L10n.tr("Best fit")),
                Shortcut(accelerator: "1", title: L10n.tr("Original size")),
                Shortcut(accelerator: "F11", title: L10n.tr("Toggle fullscreen")),
                Shortcut(accelerator: "Escape", title: L10n.tr("Leave fullscreen")),
            ]),
            Group(title: L10n.tr("General"), shortcuts: [
                Shortcut(accelerator: "<Control>question", title: L10n.tr("Keyboard shortcuts")),
                Shortcut(accelerator: "<Control>w", title: L10n.tr("Close the window")),
                Shortcut(accelerator: "<Control>q", title: L10n.tr("Quit")),
            ]),
        ]
    }

    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        let builder = gtk_builder_new_from_string(xml(), -1)!
        defer { g_object_unref(builder.rawPointer) }
        guard let window = gtk_builder_get_object(builder, "shortcuts") else { return }
        if let parent { gtk_window_set_transient_for(window.cast(), parent.cast()) }
        gtk_window_present(window.cast())
    }

    private static func xml() -> String {
        let groupsXML = groups.map { group in
            let items = group.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(escape(shortcut.accelerator))</property>
                  <property name="title">\(escape(shortcut.title))</property>
                </object></child>
                """
            }.joined()
            return """
            <child><object class="GtkShortcutsGroup">
              <property name="title">\(escape(group.title))</property>\(items)
            </object></child>
            """
        }.joined()
        return """
        <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
          <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
            \(groupsXML)
          </object></child>
        </object></interface>
        """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
