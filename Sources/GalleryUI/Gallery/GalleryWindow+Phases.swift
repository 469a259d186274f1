import CGtk
import GObjectSupport
import GalleryCore

/// What the window shows for each phase of the list (`LinksController.Phase`): the status page
/// while there is nothing to show, the grid, and the banner and subtitle that say how current
/// the list is.
extension GalleryWindow {
    func showPhase(_ phase: LinksController.Phase) {
        switch phase {
        case .loading:
            statusPage.showLoading(L10n.tr("Loading the list…"))
            gtk_stack_set_visible_child_name(stack.opaque, "status")
        case .failed(let error):
            statusPage.showProblem(
                icon: ErrorMessages.iconName(forList: error),
                title: ErrorMessages.title(forList: error), description: ErrorMessages.explanation(forList: error),
                canRetry: true)
            gtk_stack_set_visible_child_name(stack.opaque, "status")
        case .showing(let snapshot, let problem):
            if snapshot.entries.isEmpty {
                statusPage.showProblem(icon: "image-x-generic-symbolic", title: L10n.tr("No Entries"),
                                       description: L10n.tr("The links file is empty."), canRetry: true)
                gtk_stack_set_visible_child_name(stack.opaque, "status")
            } else {
                dismissContextMenu() // its tile may be replaced
                services.images.setLinkReach(snapshot.linkReach) // before any of its tiles load
                grid.show(snapshot)
                statusPage.stopSpinner()
                gtk_stack_set_visible_child_name(stack.opaque, "grid")
                showGridOrNoMatch()
            }
            if let problem {
                banner.show(L10n.format("%1$s Showing the saved list.", ErrorMessages.title(forList: problem) + "."),
                            buttonLabel: L10n.tr("Retry")) { [weak self] in self?.refresh() }
            } else if snapshot.omittedEntryCount > 0 {
                banner.show(L10n.plural("The links file is too long: its last %1$s line was left out.",
                                        "The links file is too long: its last %1$s lines were left out.",
                                        snapshot.omittedEntryCount))
            } else if let cacheProblem {
                banner.show(cacheProblem)
            } else {
                banner.hide()
            }
        }
        updateSubtitle()
    }

    func updateSubtitle() {
        // Which list this is shows even before it has loaded.
        gtk_widget_set_visible(subtitle, 1)
        guard let snapshot = controller.snapshot, !snapshot.entries.isEmpty else {
            gtk_label_set_text(subtitle.opaque, source.displayName)
            return
        }
        if grid.isSelecting {
            gtk_label_set_text(subtitle.opaque, L10n.plural("%1$s selected", "%1$s selected", grid.selection.count))
            return
        }
        let shown = grid.items.count
        if shown != counts.total {
            var words = source.displayName + " · " + L10n.format("%1$s of %2$s", String(shown), String(counts.total))
            let untried = grid.list.filter.kind == .failed ? grid.list.untriedCount : 0
            if untried > 0 { words += " · " + L10n.plural("%1$s link not tried yet", "%1$s links not tried yet", untried) }
            gtk_label_set_text(subtitle.opaque, words)
            return
        }
        let words = L10n.plural("%1$s image", "%1$s images", counts.images) + " · "
            + L10n.plural("%1$s other entry", "%1$s other entries", counts.placeholders)
        let updated = L10n.format("updated %1$s", ListUpdateTime.text(for: snapshot.confirmedAt))
        gtk_label_set_text(subtitle.opaque, source.displayName + " · " + words + " · " + updated)
    }
}
