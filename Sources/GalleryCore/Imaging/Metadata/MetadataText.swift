import Foundation

/// `PictureMetadata` as the worker sends it: one "key<TAB>value" line per field it found, at
/// most `maxBytes` in all. The reading side keeps only known keys with values in range: a
/// worker that parsed a hostile file may say anything.
enum MetadataText {
    static let maxBytes = 16 * 1024
    /// Longest text value kept (a camera model, a lens, a profile's name).
    static let maxValueLength = 120

    static func encode(_ metadata: PictureMetadata) -> Data {
        var lines: [(String, String)] = []
        if let format = metadata.format, let index = ImageFormat.allCases.firstIndex(of: format) { lines.append(("format", String(index))) }
        if let raw = metadata.cameraRAW { lines.append(("raw", raw.rawValue)) }
        for (key, value) in [("profile", metadata.colorProfile), ("make", metadata.cameraMake), ("model", metadata.cameraModel),
                             ("lens", metadata.lens), ("taken", metadata.taken)] {
            if let value { lines.append((key, value)) }
        }
        if let exposure = metadata.exposure { lines.append(("exposure", "\(exposure.numerator)/\(exposure.denominator)")) }
        if let fNumber = metadata.fNumber { lines.append(("fnumber", String(fNumber))) }
        if let iso = metadata.iso { lines.append(("iso", String(iso))) }
        if let focalLength = metadata.focalLength { lines.append(("focal", String(focalLength))) }
        if let orientation = metadata.orientation { lines.append(("orientation", String(orientation))) }
        if let position = metadata.position { lines.append(("position", "\(position.latitude),\(position.longitude)")) }
        if let animation = metadata.animation {
            lines.append(("frames", "\(animation.frameCount),\(animation.canvas.width),\(animation.canvas.height)"))
        }
        let text = lines.map { "\($0)\t\(clean($1))" }.joined(separator: "\n")
        return Data(text.utf8.prefix(maxBytes))
    }

    static func decode(_ data: Data) -> PictureMetadata {
        var metadata = PictureMetadata()
        for line in String(decoding: data.prefix(maxBytes), as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = clean(String(parts[1]))
            guard !value.isEmpty else { continue }
            switch parts[0] {
            case "format": metadata.format = Int(value).flatMap { ImageFormat.allCases.indices.contains($0) ? ImageFormat.allCases[$0] : nil }
            case "raw": metadata.cameraRAW = CameraRAWKind(rawValue: value)
            case "profile": metadata.colorProfile = value
            case "make": metadata.cameraMake = value
            case "model": metadata.cameraModel = value
            case "lens": metadata.lens = value
            case "taken": metadata.taken = value
            case "exposure":
                let fraction = value.split(separator: "/").compactMap { Int($0) }
                if fraction.count == 2, fraction[0] > 0, fraction[1] > 0 { metadata.exposure = (fraction[0], fraction[1]) }
            case "fnumber": metadata.fNumber = number(value, in: 0.1...1000)
            case "iso": metadata.iso = Int(value).flatMap { (1...10_000_000).contains($0) ? $0 : nil }
            case "focal": metadata.focalLength = number(value, in: 0.1...100_000)
            case "orientation": metadata.orientation = Int(value).flatMap { (1...8).contains($0) ? $0 : nil }
            case "position":
                let degrees = value.split(separator: ",").compactMap { Double($0) }
                if degrees.count == 2, (-90...90).contains(degrees[0]), (-180...180).contains(degrees[1]),
                   degrees[0] != 0 || degrees[1] != 0 {
                    metadata.position = (degrees[0], degrees[1])
                }
            case "frames":
                // Checked by `AnimationExtent`: 2 to 1,000 frames on a canvas of sides within `PixelSize.maxSide`.
                let numbers = value.split(separator: ",").compactMap { Int($0) }
                if numbers.count == 3 {
                    metadata.animation = AnimationExtent(frameCount: numbers[0], canvas: PixelSize(width: numbers[1], height: numbers[2]))
                }
            default: continue
            }
        }
        return metadata
    }

    private static func number(_ text: String, in range: ClosedRange<Double>) -> Double? {
        Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
    }

    /// One line of printable text, no longer than `maxValueLength`.
    static func clean(_ value: String) -> String {
        let printable = value.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) }
        return String(String(printable).trimmingCharacters(in: .whitespaces).prefix(maxValueLength))
    }
}
