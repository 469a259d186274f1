import CGtk
import GalleryCore

/// Rotate Right (Ctrl+R), Rotate Left (Shift+Ctrl+R) and Flip Horizontally: the picture on
/// screen turns (the zoom and the point in the middle of the view follow, `ViewerCanvas.setTurn`)
/// and the turn is remembered for its address (`PictureTurns`), never written into the
/// original.
extension ViewerWindow {
    func turnPicture(_ change: (PictureTurn) -> PictureTurn) {
        guard let item = currentItem else { return }
        endCrop() // the frame was drawn on the picture as it was turned
        let turn = change(turns.turn(for: item.url))
        turns.set(turn, for: item.url)
        canvas.setTurn(turn)
        // What the zoom shows of the stored picture moved: its detail follows.
        updateDetail()
        refreshProperties()
    }

    /// The picture as shown, for Copy Image and a drag out: turned like on screen.
    func shownTexture(_ texture: TextureHandle) -> TextureHandle {
        canvas.turn.isNone ? texture : TurnedTexture.make(texture, turn: canvas.turn) ?? texture
    }
}
