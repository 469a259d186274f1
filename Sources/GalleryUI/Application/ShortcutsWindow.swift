import CGtk
import Foundation

/// The Keyboard Shortcuts window (Ctrl+?), built from a GtkBuilder description. The keys come
/// from the action tables, so the window cannot list a key that does nothing or miss one.
@MainActor
enum ShortcutsWindow {
    struct Row { let keys: [String]; let title: String }
    struct Group { let title: String; let rows: [Row] }

    static var groups: [Group] {
        [
            Group(title: L10n.tr("Gallery"), rows: [
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.refresh]), title: L10n.tr("Refresh")),
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.open]), title: L10n.tr("Open a links file")),
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.openAddress]), title: L10n.tr("Open a links file's address")),
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.paste]), title: L10n.tr("Open the address on the clipboard")),
                // The FlowBox's own keys: they move and activate within the tiles that have widgets.
                Row(keys: ["Return", "space"], title: L10n.tr("Open the image, or select it in selection mode")),
                Row(keys: ["Left", "Right", "Up", "Down"], title: L10n.tr("Move between images")),
                Row(keys: keys(GalleryGrid.actions, [GridAction.first, .last, .pageUp, .pageDown]), title: L10n.tr("Jump through the grid")),
                Row(keys: keys(GalleryGrid.actions, [GridAction.menu]), title: L10n.tr("Show the image menu")),
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.find]), title: L10n.tr("Filter the images by address")),
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.findFailed]), title: L10n.tr("Show only the images that failed")),
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.largerThumbnails, .smallerThumbnails]),
                    title: L10n.tr("Larger and smaller thumbnails")),
            ]),
            Group(title: L10n.tr("Selection"), rows: [
                Row(keys: keys(GalleryWindow.selectionActions, [GalleryAction.selectAll]), title: L10n.tr("Select all images")),
                Row(keys: keys(GalleryWindow.selectionActions, [GalleryAction.saveSelection]), title: L10n.tr("Save the selected images to a folder")),
                Row(keys: keys(GalleryWindow.selectionActions, [GalleryAction.copySelectionLinks]), title: L10n.tr("Copy the links of the selected images")),
                Row(keys: keys(GalleryWindow.selectionActions, [GalleryAction.leaveSelection]), title: L10n.tr("Leave selection mode")),
            ]),
            Group(title: L10n.tr("Viewer"), rows: [
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.previous, .next]), title: L10n.tr("Previous and next image")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.first, .last]), title: L10n.tr("First and last image")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.zoomIn, .zoomOut]), title: L10n.tr("Zoom in and out")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.zoomBestFit]), title: L10n.tr("Best fit")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.zoomOriginal]), title: L10n.tr("Original size")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.zoomHalf, .zoomDouble, .zoomQuadruple]),
                    title: L10n.tr("Zoom to 50, 200 and 400 %")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.keepZoom]), title: L10n.tr("Keep the zoom when paging")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.fullscreen]), title: L10n.tr("Toggle fullscreen")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.leaveFullscreen]), title: L10n.tr("Leave fullscreen or stop the slideshow")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.properties]), title: L10n.tr("Show or hide the image properties")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.filmstrip]), title: L10n.tr("Show or hide the filmstrip")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.slideshow]), title: L10n.tr("Start or stop a slideshow")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.slideshowPause]), title: L10n.tr("Pause or resume the slideshow")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.rotateRight, .rotateLeft]), title: L10n.tr("Rotate right and left")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.saveAs]), title: L10n.tr("Save the picture as a file")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.openWith]), title: L10n.tr("Open with another application")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.print]), title: L10n.tr("Print the picture")),
                Row(keys: keys(ViewerWindow.actions, [ViewerAction.crop]), title: L10n.tr("Crop to a copy")),
            ]),
            Group(title: L10n.tr("General"), rows: [
                Row(keys: keys(GalleryApplication.actions, [AppAction.shortcuts]), title: L10n.tr("Keyboard shortcuts")),
                Row(keys: keys(GalleryWindow.actions, [GalleryAction.close]), title: L10n.tr("Close the window")),
                Row(keys: keys(GalleryApplication.actions, [AppAction.quit]), title: L10n.tr("Quit")),
            ]),
        ]
    }

    /// The listed keys of `names` in `table`, taken in turn ("Left Right Page_Up Page_Down"
    /// for previous and next).
    private static func keys<Owner, Name: ActionName>(_ table: [ActionEntry<Owner>], _ names: [Name]) -> [String] {
        let lists = names.map { name in
            guard let entry = table.first(where: { $0.name == name.rawValue }) else {
                preconditionFailure("no action \(name.detailedName) in its table")
            }
            return entry.accelerators
        }
        let longest = lists.map(\.count).max() ?? 0
        return (0..<longest).flatMap { position in lists.compactMap { $0[safe: position] } }
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
            let items = group.rows.map { row in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(escape(row.keys.joined(separator: " ")))</property>
                  <property name="title">\(escape(row.title))</property>
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
