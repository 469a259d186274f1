import CGtk
import Foundation
import GalleryCore

/// `RecentLists` kept in the `recent-lists` GSettings key, with a callback for the menus.
@MainActor
final class RecentListsStore {
    private let settings: AppSettings
    private(set) var lists: RecentLists {
        didSet {
            guard lists != oldValue else { return }
            settings.recentLists = lists.stored.map { ($0.source.identifier, $0.name, Int($0.openedAt.timeIntervalSince1970)) }
            onChange?()
        }
    }
    var onChange: (@MainActor () -> Void)?

    init(settings: AppSettings, defaultSource: LinksSource) {
        self.settings = settings
        // Entries that no longer read back (a changed rule, an edited key) are skipped, not fatal.
        let stored = settings.recentLists.compactMap { identifier, name, seconds -> RecentLists.Entry? in
            guard let source = LinksSource(identifier: identifier) else { return nil }
            return RecentLists.Entry(source: source, name: name, openedAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        lists = RecentLists(defaultSource: defaultSource, stored: stored)
    }

    func record(_ source: LinksSource) { lists.record(source) }
    func forgetAll() { lists.forgetAll() }
}
