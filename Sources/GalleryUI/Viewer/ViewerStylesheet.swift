/// Viewer-specific CSS; `Stylesheet.css` appends `css` after the application's own rules.
/// Colours come from the palette in `Stylesheet`, so light and dark both work.
public enum ViewerStylesheet {
    public static let css = """
    window.viewer viewercanvas {
      background-color: @lg_viewer_bg;
    }
    window.viewer.fullscreen viewercanvas {
      background-color: black;
    }
    /* Without a compositor GTK draws resize borders even in fullscreen (Adwaita's solid-csd
       padding, inset shadow and a 1 px border that showed as a grey frame around the image). */
    window.viewer.fullscreen.solid-csd {
      padding: 0;
      border-width: 0;
      box-shadow: none;
    }
    window.viewer .viewer-note {
      padding: 4px 10px;
      border-radius: 6px;
      font-size: smaller;
    }
    window.viewer .floating-banner {
      padding: 6px 6px 6px 14px;
      border-radius: 9px;
    }
    window.viewer .viewer-fullscreen-controls {
      padding: 6px;
      border-radius: 12px;
    }
    /* The properties panel: a sidebar beside the picture, parted from it by a hairline. */
    window.viewer .viewer-properties {
      border-left: 1px solid alpha(currentColor, 0.15);
    }
    /* The filmstrip: a row of thumbnails under the picture, the page shown framed. */
    window.viewer .filmstrip {
      background-color: @lg_headerbar_bg;
      border-top: 1px solid alpha(currentColor, 0.15);
    }
    window.viewer.fullscreen .filmstrip {
      background-color: @lg_osd_bg;
      border-top: none;
    }
    window.viewer .filmstrip-list {
      background: none;
      padding: 6px 4px;
    }
    window.viewer .filmstrip-list > row {
      padding: 0 2px;
      background: none;
      border-radius: 8px;
    }
    window.viewer .filmstrip-list > row:focus-visible {
      outline: 2px solid @lg_tile_focus;
      outline-offset: -2px;
    }
    window.viewer .filmstrip-cell {
      border: 3px solid transparent;
      border-radius: 8px;
      background-color: @lg_tile_bg;
    }
    window.viewer .filmstrip-cell image {
      border-radius: 5px;
    }
    window.viewer .filmstrip-cell.current {
      border-color: @lg_tile_focus;
    }
    window.viewer .filmstrip-cell.failed {
      background-color: alpha(@lg_error_fg, 0.25);
    }
    window.viewer .crop-bar {
      background-color: @lg_headerbar_bg;
      border-top: 1px solid alpha(currentColor, 0.15);
      padding: 6px;
    }
    .viewer-progress {
      padding: 8px 12px;
      border-radius: 9px;
    }
    """
}
