/// What a HEIF or AVIF file (ISO base media boxes) declares about its pictures, read from the
/// `meta` box before any decoder sees the file: the size of its largest picture (`ispe`) and
/// the ICC profile of its colour (`colr` of type `prof` or `rICC`).
///
/// gdk-pixbuf's HEIF loader decodes the whole picture before it reports the size, so the pixel
/// limit and the decode budget must come from here; and it never hands over the profile.
struct ISOMediaImageInfo: Equatable {
    /// The largest picture any `ispe` property declares: the primary picture of a grid (what
    /// phones write) or an image, never smaller than what the decoder allocates for it.
    var width = 0
    var height = 0
    var iccProfile: [UInt8]?

    /// Boxes nest a few levels here (meta › iprp › ipco › property); deeper is not a picture.
    private static let maxDepth = 4
    /// Boxes looked at in all, so a file of millions of tiny boxes costs nothing.
    private static let maxBoxes = 4096

    static func read(_ bytes: UnsafeRawBufferPointer) -> ISOMediaImageInfo? {
        var info = ISOMediaImageInfo()
        var budget = maxBoxes
        walk(ByteReader(bytes: bytes), from: 0, to: bytes.count, depth: 0, budget: &budget, into: &info)
        return info.width > 0 && info.height > 0 ? info : nil
    }

    private static func walk(_ reader: ByteReader, from start: Int, to end: Int, depth: Int, budget: inout Int,
                             into info: inout ISOMediaImageInfo) {
        var offset = start
        while offset <= end - 8, budget > 0 {
            budget -= 1
            guard var size = reader.bigEndian(offset, 4) else { return }
            var header = 8
            if size == 1 { // 64-bit size follows the type
                guard let large = reader.bigEndian(offset + 8, 8) else { return }
                size = large
                header = 16
            } else if size == 0 { // to the end of the enclosing box
                size = end - offset
            }
            guard size >= header, size <= end - offset else { return }
            let body = offset + header, boxEnd = offset + size
            if reader.matches("meta", at: offset + 4), depth < maxDepth {
                walk(reader, from: body + 4, to: boxEnd, depth: depth + 1, budget: &budget, into: &info) // full box
            } else if reader.matches("iprp", at: offset + 4) || reader.matches("ipco", at: offset + 4), depth < maxDepth {
                walk(reader, from: body, to: boxEnd, depth: depth + 1, budget: &budget, into: &info)
            } else if reader.matches("ispe", at: offset + 4) {
                // Full box: version and flags, then width and height.
                // Bounded first: two sides under 2³² can still multiply past `Int.max`.
                if let width = reader.bigEndian(body + 4, 4).map(PixelSize.bounded),
                   let height = reader.bigEndian(body + 8, 4).map(PixelSize.bounded),
                   width * height > info.width * info.height {
                    info.width = width
                    info.height = height
                }
            } else if reader.matches("colr", at: offset + 4), info.iccProfile == nil,
                      reader.matches("prof", at: body) || reader.matches("rICC", at: body) {
                info.iccProfile = reader.slice(body + 4, boxEnd - body - 4)
            }
            offset = boxEnd
        }
    }
}
