/// A turn as EXIF says it (orientation 1–8: how to turn the stored picture to show it upright),
/// and turns one after another: what a turned copy of a picture is stored as — a JPEG saved
/// turned keeps its pixels and gets the orientation of its own turn followed by the person's.
extension PictureTurn {
    /// The turn EXIF `orientation` applies to the stored picture (1 none, 2 mirror, 3 half a
    /// turn, 4 upside down mirrored, 5 transpose, 6 a quarter clockwise, 7 transverse, 8 a
    /// quarter anticlockwise); none for a value outside 1–8.
    public init(exifOrientation orientation: Int) {
        switch orientation {
        case 2: self.init(quarterTurns: 0, mirrored: true)
        case 3: self.init(quarterTurns: 2, mirrored: false)
        case 4: self.init(quarterTurns: 2, mirrored: true)
        case 5: self.init(quarterTurns: 1, mirrored: true)
        case 6: self.init(quarterTurns: 1, mirrored: false)
        case 7: self.init(quarterTurns: 3, mirrored: true)
        case 8: self.init(quarterTurns: 3, mirrored: false)
        default: self.init(quarterTurns: 0, mirrored: false)
        }
    }

    /// The EXIF orientation (1–8) that turns a stored picture as this turn does.
    public var exifOrientation: Int {
        switch (quarterTurns, mirrored) {
        case (0, true): 2
        case (2, false): 3
        case (2, true): 4
        case (1, true): 5
        case (1, false): 6
        case (3, true): 7
        case (3, false): 8
        default: 1
        }
    }

    /// This turn, then `next` on the picture it made: a mirror reverses the sense of the
    /// quarter turns that follow it.
    public func followed(by next: PictureTurn) -> PictureTurn {
        PictureTurn(quarterTurns: quarterTurns + (mirrored ? -next.quarterTurns : next.quarterTurns),
                    mirrored: mirrored != next.mirrored)
    }
}
