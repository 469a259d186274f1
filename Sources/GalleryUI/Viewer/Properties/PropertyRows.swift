import CGtk
import Foundation
import GalleryCore

/// One group of the properties panel ("Picture", "Camera", "Source") and its rows.
struct PropertySection: Equatable {
    let title: String
    let rows: [PropertyRow]
}

struct PropertyRow: Equatable {
    enum Kind: Equatable {
        case text
        /// The picture's address: selectable, with a Copy button.
        case address(URL)
        /// Where it was taken: with an "Open in Maps" button.
        case place(latitude: Double, longitude: Double)
    }

    let title: String
    let value: String
    var kind = Kind.text
}

/// What the properties panel shows for a page, as plain data: rows with no value are left out,
/// and so are groups with no rows. Everything a person reads is formatted here.
enum PropertyRows {
    /// `turn`: how the person turned the picture; its dimensions are given as it is shown.
    /// `otherLinks`: the other lines that lead to the picture (Hide Duplicates), named under
    /// Source with their sizes, so a person can pick the largest copy.
    static func sections(url: URL, image: DecodedImage?, details: PictureDetails?, turn: PictureTurn = .none,
                         otherLinks: [ViewerItem.OtherLink] = []) -> [PropertySection] {
        let metadata = details?.metadata
        var picture: [PropertyRow] = []
        if let image {
            let size = image.sourceSize
            let shown = turn.swapsSides ? (size.height, size.width) : (size.width, size.height)
            let megapixels = LocalizedNumber.fixed(Double(size.pixels) / 1_000_000, fractionDigits: 1)
            picture.append(PropertyRow(title: L10n.tr("Dimensions"), value: L10n.format(
                "%1$s × %2$s pixels (%3$s MP)", String(shown.0), String(shown.1), megapixels)))
        }
        if let format = metadata?.format { picture.append(PropertyRow(title: L10n.tr("Format"), value: Self.formatName(format, metadata?.cameraRAW))) }
        if let bytes = details?.fileBytes { picture.append(PropertyRow(title: L10n.tr("File Size"), value: DownloadProgressText.formatSize(bytes))) }
        if let profile = metadata?.colorProfile { picture.append(PropertyRow(title: L10n.tr("Colour Profile"), value: profile)) }
        if let animation = image?.animation, animation.isWhole {
            let milliseconds = animation.frames.reduce(0) { $0 + $1.milliseconds }
            picture.append(PropertyRow(title: L10n.tr("Animation"), value: L10n.format(
                "%1$s frames, %2$s s", String(animation.frames.count), LocalizedNumber.fixed(Double(milliseconds) / 1000, fractionDigits: 1))))
        } else if image?.animation != nil, let frames = metadata?.animation?.frameCount {
            // Played in spans: the frames as the container counts them, their time not summed.
            picture.append(PropertyRow(title: L10n.tr("Animation"), value: L10n.format("%1$s frames", String(frames))))
        }
        return [
            PropertySection(title: L10n.tr("Picture"), rows: picture),
            PropertySection(title: L10n.tr("Camera"), rows: metadata.map(cameraRows) ?? []),
            PropertySection(title: L10n.tr("Source"), rows: sourceRows(url: url, details: details) + otherLinks.map(otherLinkRow)),
        ].filter { !$0.rows.isEmpty }
    }

    static func cameraRows(_ metadata: PictureMetadata) -> [PropertyRow] {
        var rows: [PropertyRow] = []
        func add(_ title: String, _ value: String?) { if let value, !value.isEmpty { rows.append(PropertyRow(title: title, value: value)) } }
        add(L10n.tr("Camera"), camera(make: metadata.cameraMake, model: metadata.cameraModel))
        add(L10n.tr("Lens"), metadata.lens)
        add(L10n.tr("Exposure"), metadata.exposure.map(exposure))
        add(L10n.tr("Aperture"), metadata.fNumber.map { "f/" + LocalizedNumber.decimal($0) })
        add(L10n.tr("ISO"), metadata.iso.map(String.init))
        add(L10n.tr("Focal Length"), metadata.focalLength.map { L10n.format("%1$s mm", LocalizedNumber.decimal($0)) })
        add(L10n.tr("Taken"), metadata.taken.map(takenDate))
        add(L10n.tr("Orientation"), metadata.orientation.flatMap(orientation))
        if let position = metadata.position {
            rows.append(PropertyRow(title: L10n.tr("Location"), value: coordinates(position),
                                    kind: .place(latitude: position.latitude, longitude: position.longitude)))
        }
        return rows
    }

    private static func sourceRows(url: URL, details: PictureDetails?) -> [PropertyRow] {
        var rows = [PropertyRow(title: L10n.tr("Address"), value: url.absoluteString, kind: .address(url))]
        if let host = url.host { rows.append(PropertyRow(title: L10n.tr("Server"), value: host)) }
        if let type = details?.contentType { rows.append(PropertyRow(title: L10n.tr("Content Type"), value: type)) }
        if let modified = details?.lastModified { rows.append(PropertyRow(title: L10n.tr("Last Modified"), value: httpDate(modified))) }
        switch details?.origin {
        case .network?: rows.append(PropertyRow(title: L10n.tr("Loaded From"), value: L10n.tr("The network")))
        case .diskCache?: rows.append(PropertyRow(title: L10n.tr("Loaded From"), value: L10n.tr("The disk cache")))
        case nil: break
        }
        return rows
    }

    /// Another address of the same picture, and how large its original is, as far as known.
    private static func otherLinkRow(_ link: ViewerItem.OtherLink) -> PropertyRow {
        let url = link.address.url
        let value = link.size.map { L10n.format("%1$s (%2$s × %3$s)", url.absoluteString, String($0.width), String($0.height)) }
        return PropertyRow(title: L10n.tr("Same Picture At"), value: value ?? url.absoluteString, kind: .address(url))
    }

    /// "Canon EOS R6", not "Canon Canon EOS R6": models often repeat the make.
    static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make else { return model }
        let brand = make.split(separator: " ").first.map { $0.lowercased() } ?? ""
        return model.lowercased().hasPrefix(brand) ? model : make + " " + model
    }

    /// The format as people know it: a TIFF that holds a camera's raw data is named for that.
    static func formatName(_ format: ImageFormat, _ cameraRAW: CameraRAWKind?) -> String {
        switch cameraRAW {
        case .dng: L10n.tr("DNG (camera RAW)")
        case .camera: L10n.tr("Camera RAW")
        // Translators: a camera maker's RAW format ("Canon CR3 (camera RAW)").
        case nil: format.isCameraRAWContainer ? L10n.format("%1$s (camera RAW)", format.displayName) : format.displayName
        }
    }

    /// "1/250 s" for fractions of a second, "2 s" or "0.5 s" otherwise.
    static func exposure(_ fraction: (numerator: Int, denominator: Int)) -> String {
        let seconds = Double(fraction.numerator) / Double(fraction.denominator)
        let shown = if seconds < 1, fraction.numerator == 1 {
            "1/\(fraction.denominator)"
        } else if seconds < 1 {
            "1/\(Int((1 / seconds).rounded()))"
        } else {
            LocalizedNumber.decimal(seconds)
        }
        // Translators: a time in seconds ("1/250 s", "5 s").
        return L10n.format("%1$s s", shown)
    }

    static func coordinates(_ position: (latitude: Double, longitude: Double)) -> String {
        let latitude = LocalizedNumber.fixed(abs(position.latitude), fractionDigits: 5) + "° "
            + (position.latitude >= 0 ? L10n.tr("N") : L10n.tr("S"))
        let longitude = LocalizedNumber.fixed(abs(position.longitude), fractionDigits: 5) + "° "
            + (position.longitude >= 0 ? L10n.tr("E") : L10n.tr("W"))
        return latitude + ", " + longitude
    }

    static func orientation(_ value: Int) -> String? {
        switch value {
        case 1: L10n.tr("Upright")
        case 2: L10n.tr("Mirrored")
        case 3: L10n.tr("Upside down")
        case 4: L10n.tr("Upside down, mirrored")
        case 5: L10n.tr("Turned 90° counter-clockwise, mirrored")
        case 6: L10n.tr("Turned 90° clockwise")
        case 7: L10n.tr("Turned 90° clockwise, mirrored")
        case 8: L10n.tr("Turned 90° counter-clockwise")
        default: nil
        }
    }

    /// EXIF's "2024:05:01 12:30:15" (or ISO 8601 from XMP) in the person's own way of writing
    /// dates; as the file says it when it does not parse.
    static func takenDate(_ text: String) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy:MM:dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm"] {
            parser.dateFormat = format
            if let date = parser.date(from: String(text.prefix(format.replacingOccurrences(of: "'", with: "").count))) {
                return readable(date, local: false)
            }
        }
        return text
    }

    static func httpDate(_ text: String) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return parser.date(from: text).map { readable($0, local: true) } ?? text
    }

    /// In the UI language, as `ListUpdateTime` writes dates: Foundation's `DateFormatter` on Linux
    /// wrote "1 May 2024 at 12:30 PM" in a Russian window. A camera's clock has no time zone: its
    /// date is shown as written (read as UTC, shown as UTC); a server's is shown in local time.
    private static func readable(_ date: Date, local: Bool) -> String {
        let seconds = gint64(date.timeIntervalSince1970)
        guard let dateTime = local ? g_date_time_new_from_unix_local(seconds) : g_date_time_new_from_unix_utc(seconds)
        else { return "" }
        defer { g_date_time_unref(dateTime) }
        // xgettext:no-c-format
        // Translators: a date and time in the properties panel, a g_date_time_format() format
        // (e.g. "%-d %B %Y, %H:%M"; %B is the month's name as a date needs it).
        guard let formatted = g_date_time_format(dateTime, L10n.tr("%B %-d, %Y, %-I:%M %p")) else { return "" }
        defer { g_free(formatted) }
        return String(cString: formatted)
    }
}
