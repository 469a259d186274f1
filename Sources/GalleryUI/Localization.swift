// TEMPORARY stand-in so the viewer branch builds on its own. The lead's GalleryUI/Localization.swift
// (gettext-backed, same API) replaces this file at merge.
enum L10n {
    static func tr(_ s: String) -> String { s }
    static func plural(_ singular: String, _ plural: String, _ n: Int) -> String { n == 1 ? singular : plural }
}
