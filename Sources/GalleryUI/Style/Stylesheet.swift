/// The app's own CSS: a palette per style and the rules that use it.
///
/// GTK's built-in theme draws the standard widgets (buttons, popovers, dialogs) in its light or
/// dark variant; these rules give our own surfaces — tiles, placeholders, status pages, the
/// viewer — colours that belong to the same variant.
enum Stylesheet {
    /// The style class of both of the app's own windows (the gallery and the viewer), for the
    /// rules they share; dialogs keep GTK's look.
    static let appWindowClass = "link-gallery"

    static func css(dark: Bool) -> String {
        (dark ? darkPalette : lightPalette) + rules + ViewerStylesheet.css
    }

    static let lightPalette = """
    @define-color lg_window_bg #fafafa;
    @define-color lg_window_fg #2e3436;
    @define-color lg_tile_bg #e8e8e7;
    @define-color lg_tile_fg #5e5c64;
    @define-color lg_tile_focus #3584e4;
    @define-color lg_placeholder_bg #f0efee;
    @define-color lg_error_fg #c01c28;
    @define-color lg_dim_fg alpha(#2e3436, 0.6);
    @define-color lg_banner_bg #fdf1cc;
    @define-color lg_banner_fg #3d3846;
    @define-color lg_viewer_bg #f6f5f4;
    @define-color lg_headerbar_bg #ebebeb;
    @define-color lg_headerbar_shade rgba(0, 0, 0, 0.12);
    @define-color lg_osd_bg rgba(0, 0, 0, 0.6);
    @define-color lg_osd_fg #ffffff;

    """

    static let darkPalette = """
    @define-color lg_window_bg #242424;
    @define-color lg_window_fg #eeeeec;
    @define-color lg_tile_bg #303030;
    @define-color lg_tile_fg #c0bfbc;
    @define-color lg_tile_focus #78aeed;
    @define-color lg_placeholder_bg #2a2a2a;
    @define-color lg_error_fg #ff7b63;
    @define-color lg_dim_fg alpha(#eeeeec, 0.6);
    @define-color lg_banner_bg #4d3f16;
    @define-color lg_banner_fg #f6f5f4;
    @define-color lg_viewer_bg #1e1e1e;
    @define-color lg_headerbar_bg #303030;
    @define-color lg_headerbar_shade rgba(0, 0, 0, 0.36);
    @define-color lg_osd_bg rgba(0, 0, 0, 0.7);
    @define-color lg_osd_fg #ffffff;

    """

    static let rules = """
    /* The window alone paints the background: every layer that paints it again costs a full
       window of pixels per frame, and with software GL that is most of a scroll frame. */
    window.gallery { background-color: @lg_window_bg; color: @lg_window_fg; }
    window.gallery .subtitle { font-size: smaller; color: @lg_dim_fg; opacity: 1; }

    /* Flat header bars, as GNOME apps have them. GTK 4.8's own theme gives the bar a gradient
       and every button a gradient, a rounded border and a blurred shadow; with software GL each
       of those is a shader compiled during the first frame (with the dimmed subtitle's opacity
       layer, about 15 ms of it), and the look is that of GNOME 3. Colours are solid and come
       from this palette, so the bar's text and icons always match its background; dimming is
       in the colour (no opacity layer); a button shows its shape only under the pointer. */
    window.\(appWindowClass) headerbar {
      background: @lg_headerbar_bg; color: @lg_window_fg; box-shadow: none;
      border-bottom: 1px solid @lg_headerbar_shade;
    }
    window.\(appWindowClass) headerbar:backdrop { background: @lg_window_bg; color: @lg_dim_fg; }
    window.\(appWindowClass) headerbar button {
      background: none; border-color: transparent; box-shadow: none; text-shadow: none;
      -gtk-icon-shadow: none; color: inherit;
    }
    window.\(appWindowClass) headerbar button:hover { background-color: alpha(currentColor, 0.07); }
    window.\(appWindowClass) headerbar button:active, window.\(appWindowClass) headerbar button:checked {
      background-color: alpha(currentColor, 0.16);
    }
    window.\(appWindowClass) headerbar button:disabled { color: alpha(currentColor, 0.5); }
    /* Without a compositor GTK draws resize borders around the window (solid-csd), which a
       maximized window has no use for. */
    window.\(appWindowClass).maximized.solid-csd { padding: 0; border-width: 0; box-shadow: none; }

    /* Square tiles, nothing clipped (the 3 px radius only rounds the focus outline): a rounded
       corner makes GTK's GL renderer test every pixel of the tile against it, on every frame.
       With software GL that was a third of a scroll frame and 40 ms of the first one. */
    flowboxchild.tile { padding: 0; margin: 0; border-radius: 3px; outline-offset: -3px; }
    flowboxchild.tile:focus-visible { outline: 2px solid @lg_tile_focus; }
    .tile-frame { background-color: @lg_tile_bg; margin: 3px; }
    flowboxchild.tile:hover .tile-frame { background-color: shade(@lg_tile_bg, 0.94); }
    flowboxchild.tile.covered .tile-frame { background-color: transparent; }
    .tile picture.thumbnail { opacity: 0; transition: opacity \(TileView.fadeMilliseconds)ms ease-out; }
    .tile picture.thumbnail.loaded { opacity: 1; }
    .tile .tile-message { color: @lg_tile_fg; margin: 8px; }
    .tile.placeholder .tile-frame { background-color: @lg_placeholder_bg; border: 1px solid alpha(@lg_tile_fg, 0.18); }
    .tile.failed .tile-message image { color: @lg_error_fg; }
    .tile.failed .tile-message label.tile-text { color: @lg_error_fg; }
    .tile.offline .tile-message image { color: @lg_dim_fg; }
    .tile button.retry { padding: 2px 8px; min-height: 20px; font-size: x-small; }
    .tile button.tile-details { padding: 2px; min-width: 20px; min-height: 20px; margin: 2px; color: @lg_tile_fg; }
    /* Selection mode: a round check on every tile, filled on the selected ones, whose picture
       is inset in an accent frame (GNOME Photos' look, in our own colours). */
    .tile .tile-check { margin: 8px; padding: 3px; border-radius: 999px; -gtk-icon-size: 14px;
                        color: transparent; background-color: rgba(0, 0, 0, 0.35); border: 2px solid #ffffff; }
    .tile .tile-links { margin: 6px; padding: 1px 7px; border-radius: 999px; font-size: 9pt; font-weight: 700;
                        color: #ffffff; background-color: rgba(0, 0, 0, 0.6); }
    flowboxchild.tile:selected .tile-check { color: #ffffff; background-color: @lg_tile_focus; }
    flowboxchild.tile:selected { background-color: @lg_tile_focus; }
    flowboxchild.tile:selected .tile-frame { margin: 6px; }
    headerbar.selection-mode { background: mix(@lg_headerbar_bg, @lg_tile_focus, 0.25); }
    .save-progress { padding: 6px 12px; border-top: 1px solid @lg_headerbar_shade; }

    .status-page { padding: 36px; }
    .status-page image.status-icon { color: @lg_dim_fg; -gtk-icon-size: 96px; }
    .status-page label.status-title { font-size: 20pt; font-weight: 800; }
    .status-page label.status-description { color: @lg_dim_fg; }

    .banner { background-color: @lg_banner_bg; color: @lg_banner_fg; padding: 6px 12px; }
    .banner button { color: @lg_banner_fg; }

    window.viewer { background-color: @lg_viewer_bg; color: @lg_window_fg; }
    window.viewer .osd, window.viewer .viewer-note, window.viewer .viewer-fullscreen-controls {
      background-color: @lg_osd_bg; color: @lg_osd_fg;
    }
    window.viewer .floating-banner { background-color: @lg_banner_bg; color: @lg_banner_fg; }

    """
}
