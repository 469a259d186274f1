import CColorManagement
import CPictureMetadata
import CRAW
import Foundation

/// Reads `PictureMetadata` from a picture's bytes: the format (sniffed), the colour profile's
/// name (its library, `PictureFacts`; named by lcms), and EXIF and XMP (Exiv2, through gexiv2). Runs where hostile files are parsed:
/// in the sandboxed decode worker (`PictureLoader.open`), under its limits.
enum MetadataReading {
    /// Before the worker's system-call filter: Exiv2 prepares its XMP parser once.
    static func prepare() { picturemetadata_initialize() }

    /// `facts`: what opening the picture read of the same bytes already (then not read again).
    static func read(_ data: Data, facts known: PictureFacts? = nil) -> PictureMetadata {
        var metadata = PictureMetadata()
        let facts = known ?? PictureFacts.read(data)
        metadata.format = facts.format
        metadata.animation = facts.animation
        if facts.format == .tiff { metadata.cameraRAW = cameraRAW(data) }
        if let profile = facts.colorProfile {
            var name = [CChar](repeating: 0, count: MetadataText.maxValueLength + 1)
            if colormanagement_profile_description(profile, profile.count, &name, name.count) > 0 {
                metadata.colorProfile = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        var camera = picturemetadata_camera()
        let status = data.withUnsafeBytes { picturemetadata_read($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &camera) }
        guard status == PICTUREMETADATA_OK else { return metadata }
        func text<T>(_ field: T) -> String? {
            withUnsafeBytes(of: field) { bytes in
                let value = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                return value.isEmpty ? nil : value
            }
        }
        metadata.cameraMake = text(camera.make)
        metadata.cameraModel = text(camera.model)
        metadata.lens = text(camera.lens)
        metadata.taken = text(camera.taken)
        if camera.exposure_numerator > 0, camera.exposure_denominator > 0 {
            metadata.exposure = (Int(camera.exposure_numerator), Int(camera.exposure_denominator))
        }
        metadata.fNumber = camera.f_number > 0 ? camera.f_number : nil
        metadata.iso = camera.iso > 0 ? Int(camera.iso) : nil
        metadata.focalLength = camera.focal_length > 0 ? camera.focal_length : nil
        metadata.orientation = camera.orientation > 0 ? Int(camera.orientation) : nil
        if camera.has_position != 0 { metadata.position = (camera.latitude, camera.longitude) }
        return metadata
    }

    /// LibRaw's word on a TIFF: a camera's raw data (a DNG or a maker's own), or nil for a TIFF
    /// of pixels. Read only, nothing developed.
    private static func cameraRAW(_ data: Data) -> CameraRAWKind? {
        var info = rawdecode_info()
        let status = data.withUnsafeBytes { bytes in
            rawdecode_read_info(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(ImageDecoder.defaultMaxPixels), &info)
        }
        guard Int(status) == RAWDECODE_OK else { return nil }
        return info.is_dng != 0 ? .dng : .camera
    }
}
