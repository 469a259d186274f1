import CGtk
import Foundation
import GObjectSupport

/// A picture as a person turned it, and cropped, as a file — the contract's edits (Save Image
/// As… of a turned picture, Save Copy of a crop), made in the sandboxed worker from the opened
/// picture:
///
/// - a JPEG keeps every byte but its EXIF orientation, which becomes the file's own turn followed
///   by the person's, as GNOME Image Viewer saves it: no pixel is encoded again, and its ICC
///   profile and EXIF stay as the camera wrote them;
/// - anything else is decoded whole, in its own colour (not converted to sRGB: the profile goes
///   with it), turned upright and as the person turned it (one orientation step,
///   `PicturePipeline`), and written in its format where gdk-pixbuf writes it (PNG, TIFF; JPEG
///   when a JPEG cannot be retagged), else PNG, with its ICC profile and its EXIF, whose
///   orientation now says "as stored" (`PictureEncoding`);
/// - a crop is of the picture so turned: the same, the pixels outside `crop` left out (a JPEG
///   is encoded again then, at quality 95).
enum TurnedCopy {
    /// The largest file a copy may be: a 100-megapixel picture as an uncompressed TIFF, and its
    /// metadata.
    static let maxFileBytes = ImageDecoder.defaultMaxPixels * 4 + (1 << 20)

    struct File {
        let data: Data
        let format: ImageFormat
    }

    static func make(_ picture: OpenedPicture, turn: PictureTurn, crop: CropArea? = nil, maxPixels: Int) throws(LoadError) -> File {
        guard picture.bytesComplete else { throw .damaged }
        let orientation = PictureTurn(exifOrientation: picture.facts.orientation).followed(by: turn).exifOrientation
        if crop == nil, picture.format == .jpeg, let retagged = retagged(Data(picture.data), orientation: orientation) {
            return File(data: retagged, format: .jpeg)
        }
        let gate = LoaderSizeGate(maxPixels: maxPixels, maxSide: Int(Int32.max), countsPixels: false)
        var loaded = try PicturePipeline.frame(picture, FrameRequest(fit: gate.fit, keepsColour: true, turn: turn), gate: gate)
        var profile = loaded.inSRGB ? nil : loaded.decoderProfile ?? picture.facts.colorProfile
        // The writers write RGB, which a grey profile cannot describe (libpng and lcms refuse
        // the pair; a browser would show the stored greys untagged, far too dark for a linear
        // grey): such a picture's copy is converted to sRGB and written untagged instead.
        if let grey = profile, ColorProfileConversion.isGrey(grey) {
            PicturePipeline.toSRGB(&loaded, facts: picture.facts)
            profile = nil
        }
        var pixels = loaded.pixbuf
        if let crop {
            let whole = PixelSize(width: Int(gdk_pixbuf_get_width(OpaquePointer(pixels.pointer))),
                                  height: Int(gdk_pixbuf_get_height(OpaquePointer(pixels.pointer))))
            // A crop from a picture of another size (the file changed since) keeps what is inside.
            guard let kept = crop.within(whole),
                  let part = gdk_pixbuf_new_subpixbuf(OpaquePointer(pixels.pointer), gint(kept.x), gint(kept.y), gint(kept.width), gint(kept.height))
            else { throw .couldNotDecode }
            pixels = ObjectReference(taking: UnsafeMutableRawPointer(part))
        }
        let format = picture.format.turnedCopyFormat
        // What the camera wrote stays; its orientation now says "as stored", the pixels being upright.
        let exif = ExifBlock.find(in: picture.data, format: picture.format).map { block in
            let original = Data(picture.data)[block.range]
            return ExifOrientationTag.setting(1, in: original) ?? Data(original)
        }
        return File(data: try PictureEncoding.encode(pixels, as: format, profile: profile, exif: exif), format: format)
    }

    /// The JPEG `data` saying `orientation`: its EXIF orientation set in place, or a small EXIF
    /// segment added after SOI (and JFIF's APP0) when it has no EXIF at all; nil when it has an
    /// EXIF block without the tag (its directory would have to be rewritten).
    static func retagged(_ data: Data, orientation: Int) -> Data? {
        if let block = ExifBlock.find(in: data, format: .jpeg) {
            guard let exif = ExifOrientationTag.setting(orientation, in: data[block.range]) else { return nil }
            var copy = data
            copy.replaceSubrange(block.range, with: exif)
            return copy
        }
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        return PictureEncoding.insertingJPEGExif(ExifOrientationTag.minimal(orientation: orientation), into: data)
    }
}
