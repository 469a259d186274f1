/// "Keep Zoom When Paging": the zoom a person left one picture at, carried to the next.
///
/// Only a picture's own zoom is kept: while a page shows its thumbnail standing in, it is at
/// best fit for a moment, and paging on from there must still carry the zoom of the last picture
/// that was shown, not that moment's. The zoom is given to a page once, when its picture is
/// first shown; after that it is the person's to change.
@MainActor
final class ZoomKeeper {
    var isOn: Bool {
        didSet { if !isOn { kept = nil } }
    }
    private(set) var kept: ZoomModel.Kept?
    /// The page the kept zoom was given to.
    private var givenTo: Int?

    init(isOn: Bool) {
        self.isOn = isOn
    }

    /// The page shown is left; `zoom` is its zoom when it showed its own picture, nil when a
    /// stand-in or nothing was on screen.
    func leaving(pictureZoom zoom: ZoomModel?) {
        guard isOn, let zoom else { return }
        kept = zoom.kept
    }

    /// The zoom to give `page`, whose picture has just been shown: once per page visit.
    func zoom(forShown page: Int) -> ZoomModel.Kept? {
        guard isOn, givenTo != page else { return nil }
        givenTo = page
        return kept
    }

    /// A page turn: the next page shown gets the kept zoom afresh, even if it is one seen before.
    func pageTurned() {
        givenTo = nil
    }
}
