import CGtk

/// A tile's size, and the layers made only when first needed: the check mark of selection
/// mode, the count of links to its picture, the ring of a download's progress.
extension TileView {
    /// Makes the cell at least `side` wide (the person's thumbnail size); it stays square.
    func setCellSide(_ side: Int) {
        var width: Int32 = 0
        gtk_widget_get_size_request(child, &width, nil)
        if width != Int32(side) { gtk_widget_set_size_request(child, Int32(side), -1) }
    }

    /// Shows the check mark while the grid is in selection mode (`flowboxchild:selected` checks it).
    func showsCheck(_ shown: Bool) {
        guard shown || check != nil else { return }
        let check = ensureCheck()
        if (gtk_widget_get_visible(check) != 0) != shown { gtk_widget_set_visible(check, shown ? 1 : 0) }
    }

    private func ensureCheck() -> UnsafeMutablePointer<GtkWidget> {
        if let check { return check }
        let check = gtk_image_new_from_icon_name("object-select-symbolic")!
        gtk_widget_add_css_class(check, "tile-check")
        gtk_widget_set_halign(check, GTK_ALIGN_END)
        gtk_widget_set_valign(check, GTK_ALIGN_START)
        gtk_widget_set_can_target(check, 0)
        gtk_overlay_add_overlay(frame.opaque, check)
        self.check = check
        return check
    }

    /// Says how many lines lead to the tile's picture, when more than one does.
    func showsLinkCount(_ count: Int) {
        guard count > 1 || linksBadge != nil else { return }
        let badge = ensureLinksBadge()
        gtk_widget_set_visible(badge, count > 1 ? 1 : 0)
        if count > 1 { gtk_label_set_text(badge.opaque, L10n.format("%1$s links", String(count))) }
    }

    private func ensureLinksBadge() -> UnsafeMutablePointer<GtkWidget> {
        if let linksBadge { return linksBadge }
        let badge = gtk_label_new(nil)!
        gtk_widget_add_css_class(badge, "tile-links")
        gtk_widget_set_halign(badge, GTK_ALIGN_START)
        gtk_widget_set_valign(badge, GTK_ALIGN_END)
        gtk_widget_set_can_target(badge, 0)
        gtk_overlay_add_overlay(frame.opaque, badge)
        linksBadge = badge
        return badge
    }

    func ensureRing() -> TileProgressRing {
        if let ring { return ring }
        let ring = TileProgressRing()
        gtk_overlay_add_overlay(frame.opaque, ring.widget)
        self.ring = ring
        return ring
    }
}
