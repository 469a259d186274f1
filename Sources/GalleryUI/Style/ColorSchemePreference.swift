/// The style a person chose in the main menu; `system` follows the desktop's preference.
public enum ColorSchemePreference: String, CaseIterable, Sendable {
    case system
    case light
    case dark

    /// Whether to draw dark, given what the desktop prefers.
    public func isDark(systemPrefersDark: Bool) -> Bool {
        switch self {
        case .system: return systemPrefersDark
        case .light: return false
        case .dark: return true
        }
    }
}
