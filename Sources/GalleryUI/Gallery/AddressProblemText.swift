import GalleryCore

/// What the Open Address dialog says about an address it cannot open, as the person types.
enum AddressProblemText {
    static func explanation(_ problem: LinksSource.AddressProblem) -> String {
        switch problem {
        case .empty:
            return L10n.tr("Enter the web address of a links file, starting with https:// or http://.")
        case .notAWebAddress(.notAURL):
            return L10n.tr("This is not a web address yet: it must start with https:// or http://.")
        case .notAWebAddress(.unsupportedScheme(let scheme)):
            return L10n.format("Only web addresses (https or http) can be opened here, not “%1$s:”. Use Open… for a file on this computer.", scheme)
        case .notAWebAddress(.missingHost):
            return L10n.tr("The address needs a server name after “//”.")
        case .notAWebAddress(.malformed):
            return L10n.tr("This address is not valid: check the server name and the port.")
        }
    }
}
