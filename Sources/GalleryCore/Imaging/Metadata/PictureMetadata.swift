/// What a picture file says about itself, for the viewer's properties panel: its format and
/// colour profile, and the camera's side from EXIF and XMP. Read in the sandboxed decode worker
/// (`MetadataReading`), so every field that arrives here was checked (`MetadataText`).
public struct PictureMetadata: Sendable, Equatable {
    public var format: ImageFormat?
    /// A TIFF that LibRaw reads as a camera's raw data: Adobe's DNG, or a camera maker's own.
    public var cameraRAW: CameraRAWKind?
    /// The colour profile's own name ("Display P3"), when the picture carries one.
    public var colorProfile: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    /// When it was taken, as the file says it ("2024:05:01 12:30:00" or ISO 8601).
    public var taken: String?
    /// Exposure time in seconds, as the fraction the camera wrote.
    public var exposure: (numerator: Int, denominator: Int)?
    public var fNumber: Double?
    public var iso: Int?
    /// Focal length in millimetres.
    public var focalLength: Double?
    /// The EXIF orientation, 1–8.
    public var orientation: Int?
    /// Degrees, north and east positive.
    public var position: (latitude: Double, longitude: Double)?
    /// An animation's frames and canvas as its container counts them: a page asks for them at once.
    public var animation: AnimationExtent?

    public init() {}

    public static func == (lhs: PictureMetadata, rhs: PictureMetadata) -> Bool {
        lhs.format == rhs.format && lhs.cameraRAW == rhs.cameraRAW && lhs.colorProfile == rhs.colorProfile && lhs.cameraMake == rhs.cameraMake
            && lhs.cameraModel == rhs.cameraModel && lhs.lens == rhs.lens && lhs.taken == rhs.taken
            && lhs.exposure?.numerator == rhs.exposure?.numerator && lhs.exposure?.denominator == rhs.exposure?.denominator
            && lhs.fNumber == rhs.fNumber && lhs.iso == rhs.iso && lhs.focalLength == rhs.focalLength
            && lhs.orientation == rhs.orientation && lhs.position?.latitude == rhs.position?.latitude
            && lhs.position?.longitude == rhs.position?.longitude && lhs.animation == rhs.animation
    }
}

/// What kind of camera RAW a TIFF-based file is, for the properties panel's "Format".
public enum CameraRAWKind: String, Sendable, Equatable {
    /// Adobe's Digital Negative: phones' RAW (iPhone ProRAW, Android) and some cameras'.
    case dng
    /// A camera maker's own TIFF-based RAW (Canon CR2, Nikon NEF, Sony ARW, Pentax PEF…).
    case camera
}
