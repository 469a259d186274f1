import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// One cell of the grid: a thumbnail, a spinner, a failure with Retry, or a labelled placeholder.
///
/// Widget tree. FlowBox does not recycle children, so a tile far from the viewport is two
/// widgets; the rest exists only while a state needs it and the tile is near the viewport:
/// ```
/// GtkFlowBoxChild.tile            accessible label: what the tile is, with the URL or line
/// └─ GtkOverlay.tile-frame        fixes the natural size the FlowBox flows by
///    ├─ GtkPicture.thumbnail      cover-fitted, fades in
///    ├─ GtkSpinner                only after 200 ms of loading
///    └─ GtkBox.tile-message       icon, title, detail, and a "Retry" button when failed
/// ```
@MainActor
final class Tile {
    /// The minimum cell width: FlowBox fits as many columns of this natural width as it can,
    /// so cells are 100–120 px wide from five columns up.
    static let naturalSize: Int32 = 100
    private static let spinnerDelayMilliseconds: UInt32 = 200

    let entry: LinkEntry
    let child: UnsafeMutablePointer<GtkWidget>
    /// The overlay that holds the layers; its width is the cell width less its margins.
    let frame: UnsafeMutablePointer<GtkWidget>
    /// Near the viewport: only then are messages and placeholders built (they are the heavy part).
    private(set) var isNearViewport = false
    private var picture: UnsafeMutablePointer<GtkWidget>?
    private var spinner: UnsafeMutablePointer<GtkWidget>?
    private var message: UnsafeMutablePointer<GtkWidget>?
    private var spinnerTimer: UInt32 = 0
    private var loadTask: Task<Void, Never>?
    /// Identifies the current load, so a finished older one cannot overwrite it.
    private var loadGeneration = 0
    private(set) var state: TileState
    /// Called after every state change, with the state before it.
    var onStateChange: (@MainActor (Tile, TileState) -> Void)?
    var onRetry: (@MainActor (Tile) -> Void)?

    init(entry: LinkEntry) {
        self.entry = entry
        child = gtk_flow_box_child_new()
        frame = gtk_overlay_new()
        gtk_widget_add_css_class(frame, "tile-frame")
        gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_size_request(frame, Self.naturalSize - 6, Self.naturalSize - 6)
        gtk_flow_box_child_set_child(child.cast(), frame)
        gtk_widget_add_css_class(child, "tile")
        g_object_ref_sink(child)

        switch entry.classification {
        case .invalid: state = .invalid
        case .link(_, guess: .notImage): state = .notImage
        case .link: state = .idle
        }
        render()
    }

    // `deinit` cannot touch GTK (it is nonisolated); the grid calls `dispose()` instead.
    func dispose() {
        cancelLoad()
        g_object_unref(child)
    }

    var url: URL? {
        if case .link(let url, _) = entry.classification { return url }
        return nil
    }

    var isImageLink: Bool { !state.isPlaceholder }

    // MARK: Loading

    /// Starts loading the thumbnail unless it is shown or on its way.
    func load(from repository: ImageRepository, priority: LoadPriority) {
        guard let url, state == .idle else { return }
        if let cached = repository.cachedThumbnail(for: url) {
            show(cached, animated: false)
            return
        }
        set(.loading)
        startLoad(url, from: repository, priority: priority)
    }

    /// An automatic retry: the failure stays on screen until the new attempt ends, so a tile
    /// that keeps failing while offline does not flicker every few seconds.
    func retryQuietly(from repository: ImageRepository) {
        guard let url, case .failed = state, loadTask == nil else { return }
        startLoad(url, from: repository, priority: .prefetch)
    }

    private func startLoad(_ url: URL, from repository: ImageRepository, priority: LoadPriority) {
        loadTask?.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        loadTask = Task { [weak self] in
            let result: Result<DecodedImage, any Error>
            do { result = .success(try await repository.thumbnail(for: url, priority: priority)) } catch {
                result = .failure(error)
            }
            // A load that was cancelled or replaced (unloaded, retried) must not touch the tile.
            guard let self, !Task.isCancelled, generation == self.loadGeneration else { return }
            self.loadTask = nil
            switch result {
            case .success(let image):
                self.show(image, animated: true)
            case .failure(let error):
                let failure = error as? ImageLoadError ?? .damaged
                guard failure != .cancelled else { return }
                let oldState = self.state
                self.set(failure == .notAnImage ? .notImage : .failed(failure))
                // The same failure again: no visible change, but the grid schedules the next try.
                if self.state == oldState { self.onStateChange?(self, oldState) }
            }
        }
    }

    /// Frees the texture and stops a transfer: the tile scrolled far away. Other states keep
    /// what they have (a failed tile keeps its quiet retry going).
    func unload() {
        guard state == .loaded || state == .loading else { return }
        cancelLoad()
        if let picture { gtk_picture_set_paintable(picture.opaque, nil) }
        set(.idle)
    }

    /// Forgets a failure so the next `load` tries again.
    func resetFailure() {
        if case .failed = state { set(.idle) }
    }

    /// True for a "Not an image" that came from the server's answer, not from the link itself
    /// (`.html`): that answer may have been a login or error page and is worth asking again.
    var hasProbedVerdict: Bool {
        guard state == .notImage, case .link(_, let guess) = entry.classification else { return false }
        return guess != .notImage
    }

    /// Forgets a probed "Not an image" so the next `load` asks the server again (Refresh).
    func resetProbedVerdict() {
        if hasProbedVerdict { set(.idle) }
    }

    private func cancelLoad() {
        loadTask?.cancel()
        loadTask = nil
        MainLoopSources.cancel(&spinnerTimer)
    }

    private func show(_ image: DecodedImage, animated: Bool) {
        let picture = ensurePicture()
        gtk_picture_set_paintable(picture.opaque, image.texture.paintable)
        gtk_widget_remove_css_class(picture, "loaded")
        set(.loaded)
        if animated {
            // Adding the class a frame later lets the CSS opacity transition run.
            MainLoopSources.after(milliseconds: 16) { [weak self] in
                guard let self, self.state == .loaded, let picture = self.picture else { return }
                gtk_widget_add_css_class(picture, "loaded")
            }
        } else {
            gtk_widget_add_css_class(picture, "loaded")
        }
    }

    private func set(_ newState: TileState) {
        guard newState != state else { return }
        let oldState = state
        state = newState
        render()
        onStateChange?(self, oldState)
    }

    // MARK: Presentation

    private func render() {
        MainLoopSources.cancel(&spinnerTimer)
        for style in ["placeholder", "failed", "offline", "loading"] { gtk_widget_remove_css_class(child, style) }
        picture.map { gtk_widget_set_visible($0, state == .loaded ? 1 : 0) }
        spinner.map { gtk_spinner_stop($0.opaque); gtk_widget_set_visible($0, 0) }

        switch state {
        case .idle, .loaded:
            break
        case .loading:
            gtk_widget_add_css_class(child, "loading")
            spinnerTimer = MainLoopSources.after(milliseconds: Self.spinnerDelayMilliseconds) { [weak self] in
                guard let self, self.state == .loading else { return }
                self.spinnerTimer = 0
                let spinner = self.ensureSpinner()
                gtk_widget_set_visible(spinner, 1)
                gtk_spinner_start(spinner.opaque)
            }
        case .notImage, .invalid:
            gtk_widget_add_css_class(child, "placeholder")
        case .failed:
            gtk_widget_add_css_class(child, state.isOffline ? "offline" : "failed")
        }
        renderMessage()
        shim_accessible_set_label(child.opaque, accessibleName)
    }

    /// The full line, and why it failed. The grid shows it on demand (`query-tooltip`): setting a
    /// tooltip on each tile costs an X round trip per call, seconds for a 10,000-line file.
    var tooltipText: String {
        if case .failed(let error) = state { return "\(ViewerErrorText.explanation(for: error))\n\(entry.text)" }
        return entry.text
    }

    /// What a screen reader says; image tiles always include the URL, placeholders the line.
    var accessibleName: String {
        switch state {
        case .idle, .loading: return String(format: L10n.tr("Image %@ (loading)"), entry.text)
        case .loaded: return String(format: L10n.tr("Image %@"), entry.text)
        case .failed(let error): return String(format: L10n.tr("Image %@ (%@)"), entry.text, ErrorMessages.short(error))
        case .notImage: return String(format: L10n.tr("Not an image: line %d, %@"), entry.lineNumber, entry.text)
        case .invalid: return String(format: L10n.tr("Invalid entry: line %d, %@"), entry.lineNumber, entry.text)
        }
    }

    /// The grid tells tiles when they come near the viewport and when they go far away.
    func setNearViewport(_ near: Bool) {
        guard near != isNearViewport else { return }
        isNearViewport = near
        renderMessage()
    }

    /// Builds the message layer for placeholders and failures near the viewport; drops it far away.
    private func renderMessage() {
        if let message {
            gtk_overlay_remove_overlay(frame.opaque, message)
            self.message = nil
        }
        guard isNearViewport else { return }
        switch state {
        case .idle, .loading, .loaded:
            break
        case .notImage:
            showMessage(icon: "image-missing-symbolic", title: L10n.tr("Not an image"), detail: entry.text, retry: false)
        case .invalid:
            showMessage(icon: "dialog-question-symbolic", title: L10n.tr("Invalid entry"), detail: entry.text, retry: false)
        case .failed(let error):
            showMessage(
                icon: state.isOffline ? "network-offline-symbolic" : "dialog-warning-symbolic",
                title: ErrorMessages.short(error), detail: nil, retry: true)
        }
    }

    private func showMessage(icon: String, title: String, detail: String?, retry: Bool) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_add_css_class(box, "tile-message")
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, GTK_ALIGN_FILL)
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(image.opaque, 24)
        gtk_box_append(box.cast(), image)
        gtk_box_append(box.cast(), label(title, style: "tile-title", lines: 2))
        if let detail { gtk_box_append(box.cast(), label(detail, style: "tile-detail", lines: 2)) }
        if retry {
            let button = gtk_button_new_with_label(L10n.tr("Retry"))!
            gtk_widget_add_css_class(button, "retry")
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_widget_set_tooltip_text(button, L10n.tr("Try loading this image again"))
            Signal.connect(button, "clicked") { [weak self] in
                guard let self else { return }
                self.onRetry?(self)
            }
            gtk_box_append(box.cast(), button)
        }
        gtk_overlay_add_overlay(frame.opaque, box)
        message = box
    }

    private func label(_ text: String, style: String, lines: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_widget_add_css_class(label, style)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(label.opaque, lines)
        gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
        // Zero width chars keep a long URL from widening the cell beyond the flow's size.
        gtk_label_set_width_chars(label.opaque, 0)
        gtk_label_set_max_width_chars(label.opaque, 1)
        return label
    }

    private func ensurePicture() -> UnsafeMutablePointer<GtkWidget> {
        if let picture { return picture }
        let picture = gtk_picture_new()!
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_widget_add_css_class(picture, "thumbnail")
        gtk_widget_set_overflow(picture, GTK_OVERFLOW_HIDDEN)
        gtk_overlay_add_overlay(frame.opaque, picture)
        self.picture = picture
        return picture
    }

    private func ensureSpinner() -> UnsafeMutablePointer<GtkWidget> {
        if let spinner { return spinner }
        let spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 24, 24)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_overlay_add_overlay(frame.opaque, spinner)
        self.spinner = spinner
        return spinner
    }
}
