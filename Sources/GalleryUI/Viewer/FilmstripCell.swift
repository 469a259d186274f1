import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// One cell of the filmstrip: a page's thumbnail, square and cropped like the grid's tiles,
/// framed when it is the page shown. The list view keeps a cell per item on screen and binds
/// it to another page as the strip scrolls, so a cell forgets its page, and drops any thumbnail
/// still on its way, when it is bound again.
@MainActor
final class FilmstripCell {
    static let side = 64

    let widget: UnsafeMutablePointer<GtkWidget>
    private let image: UnsafeMutablePointer<GtkWidget>
    private(set) var index: Int?
    private var load: Task<Void, Never>?
    /// What to load the thumbnail from, until it is shown.
    private var bound: (url: URL, source: any OriginalImageSource)?

    init(onClick: @escaping @MainActor (Int) -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(widget, "filmstrip-cell")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        // A GtkImage, not a GtkPicture: a picture asks for its texture's size (the grid's
        // thumbnails are 100 to 256 px), an image for its pixel size. Both are square.
        image = gtk_image_new()!
        gtk_image_set_pixel_size(image.opaque, gint(Self.side))
        gtk_widget_set_overflow(image, GTK_OVERFLOW_HIDDEN)
        gtk_box_append(widget.cast(), image)
        // A click or a tap jumps; a drag that scrolls the strip takes the press away first.
        let click = gtk_gesture_click_new()!
        Signal.connect(click, .released) { [weak self] (_: Int32, _: Double, _: Double) in
            if let index = self?.index { onClick(index) }
        }
        gtk_widget_add_controller(widget, click)
    }

    /// Shows page `index`: its name and mark at once, its thumbnail when it is in memory; else
    /// the thumbnail waits for `loadThumbnail`, which the strip calls for cells on screen only
    /// (GTK 4.8's list view keeps some 200 cells bound around the one in view).
    func bind(_ index: Int, item: ViewerItem, count: Int, isCurrent: Bool, source: any OriginalImageSource) {
        unbind()
        self.index = index
        bound = (item.url, source)
        // Translators: a filmstrip cell for a screen reader: the picture's name, then its
        // position, "3 of 120".
        shim_accessible_set_label(widget.opaque, L10n.format("%1$s, %2$s of %3$s", item.title, String(index + 1), String(count)))
        markCurrent(isCurrent)
        if let cached = source.cachedThumbnail(for: item.url, side: nil) {
            gtk_image_set_from_paintable(image.opaque, cached.texture.paintable)
            bound = nil
        }
    }

    /// Bound to a page whose thumbnail is neither shown nor on its way.
    var wantsThumbnail: Bool { bound != nil && load == nil }

    func loadThumbnail() {
        guard let (url, source) = bound, load == nil, let index else { return }
        load = Task { [weak self] in
            // Below the pages' own loads: the strip never holds up the picture shown.
            let thumbnail = try? await source.thumbnail(for: url, side: nil, priority: .prefetch)
            guard let self, !Task.isCancelled, self.index == index else { return }
            self.bound = nil
            self.load = nil
            if let thumbnail {
                gtk_image_set_from_paintable(self.image.opaque, thumbnail.texture.paintable)
            } else {
                gtk_widget_add_css_class(self.widget, "failed")
            }
        }
    }

    /// Scrolled out of sight before its thumbnail came: the request goes, to come again if
    /// the cell comes back.
    func stopLoading() {
        load?.cancel()
        load = nil
    }

    func unbind() {
        stopLoading()
        index = nil
        bound = nil
        gtk_image_clear(image.opaque)
        gtk_widget_remove_css_class(widget, "failed")
    }

    func markCurrent(_ isCurrent: Bool) {
        if isCurrent { gtk_widget_add_css_class(widget, "current") } else { gtk_widget_remove_css_class(widget, "current") }
        shim_accessible_set_selected(widget.opaque, isCurrent ? 1 : 0)
    }
}
