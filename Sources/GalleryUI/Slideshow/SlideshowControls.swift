import CGtk
import CShims
import GObjectSupport

/// The slideshow's own controls, in the fullscreen bar while a show runs: pause or resume, how
/// long each picture stays (3, 5, 10 or 30 s, remembered), and Stop. Each has an accessible
/// name; the buttons are `win.` actions, so Space and Escape do the same.
@MainActor
final class SlideshowControls {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let pauseButton: UnsafeMutablePointer<GtkWidget>
    private let intervals: UnsafeMutablePointer<GtkWidget>
    /// The person picked another interval, in seconds.
    var onInterval: ((Int) -> Void)?

    init() {
        pauseButton = ViewerButtons.icon("media-playback-pause-symbolic", label: L10n.tr("Pause Slideshow"),
                                         action: ViewerAction.slideshowPause.detailedName)
        let labels = SlideshowModel.intervalChoices.map { L10n.format("%1$s s", String($0)) }
        var strings: [UnsafePointer<CChar>?] = labels.map { UnsafePointer(strdup($0)) } + [nil]
        intervals = gtk_drop_down_new_from_strings(&strings)
        strings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        ViewerButtons.describe(intervals, label: L10n.tr("Time per Picture"))
        let stop = ViewerButtons.text(L10n.tr("Stop"), label: L10n.tr("Stop Slideshow"), action: ViewerAction.slideshowStop.detailedName)
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        for child in [pauseButton, intervals, stop] { gtk_box_append(widget.cast(), child) }
        gtk_widget_set_visible(widget, 0)
        Signal.connect(intervals, .notify("selected")) { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(self.intervals.opaque))
            if SlideshowModel.intervalChoices.indices.contains(index) { self.onInterval?(SlideshowModel.intervalChoices[index]) }
        }
    }

    /// Shown while a show runs, with its interval selected.
    func show(intervalSeconds: Int, paused: Bool) {
        let index = SlideshowModel.intervalChoices.firstIndex(of: intervalSeconds) ?? 1
        if Int(gtk_drop_down_get_selected(intervals.opaque)) != index { gtk_drop_down_set_selected(intervals.opaque, guint(index)) }
        setPaused(paused)
        gtk_widget_set_visible(widget, 1)
    }

    func hide() { gtk_widget_set_visible(widget, 0) }

    func setPaused(_ paused: Bool) {
        gtk_button_set_icon_name(pauseButton.cast(), paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
        ViewerButtons.describe(pauseButton, label: paused ? L10n.tr("Resume Slideshow") : L10n.tr("Pause Slideshow"))
    }
}
