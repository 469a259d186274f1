import GalleryCore

/// Plain words for why an original could not be shown, one per class a person can act on.
enum ViewerErrorText {
    static func title(for error: ImageLoadError) -> String {
        switch error {
        case .noConnection: return L10n.tr("No Connection")
        case .timedOut: return L10n.tr("The Server Is Not Responding")
        case .serverError: return L10n.tr("The Server Refused the Image")
        case .notAnImage: return L10n.tr("Not an Image")
        case .tooLarge: return L10n.tr("Image Too Large")
        case .damaged: return L10n.tr("Damaged Image")
        case .unsupportedFormat(let format): return ErrorMessages.unsupportedFormat(format)
        case .tooSlowToDraw: return L10n.tr("The Picture Took Too Long to Draw")
        case .badResponse: return L10n.tr("Unusable Server Response")
        case .cancelled: return L10n.tr("Loading Stopped")
        }
    }

    /// The icon for the error page: network trouble looks different from a bad file.
    static func iconName(for error: ImageLoadError) -> String {
        switch error {
        case .noConnection, .timedOut: return "network-offline-symbolic"
        case .serverError, .badResponse: return "network-error-symbolic"
        case .notAnImage, .tooLarge, .damaged, .unsupportedFormat, .tooSlowToDraw, .cancelled: return "image-missing-symbolic"
        }
    }
}

extension String {
    /// printf-style substitution without varargs, so translators' format strings stay literal.
    func replacingFirst(_ placeholder: String, with value: String) -> String {
        guard let range = range(of: placeholder) else { return self }
        return replacingCharacters(in: range, with: value)
    }
}
