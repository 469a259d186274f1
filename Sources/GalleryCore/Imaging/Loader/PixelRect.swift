/// A rectangle of whole pixels: a clip in the stored or the upright picture.
struct PixelRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}
