import Foundation
import GalleryCore

/// The lists a person opened lately, newest first, as the main menu offers them.
///
/// The default list is not stored: it is always the first entry, so it can never be forgotten
/// or pushed out. Pure value logic; `RecentListsStore` keeps it in GSettings.
struct RecentLists: Equatable {
    struct Entry: Equatable {
        let source: LinksSource
        var name: String
        var openedAt: Date
    }

    /// Enough to find last week's lists, few enough for a menu.
    static let capacity = 8

    let defaultSource: LinksSource
    /// Without the default list; newest first.
    private(set) var stored: [Entry]

    init(defaultSource: LinksSource, stored: [Entry] = []) {
        self.defaultSource = defaultSource
        self.stored = Array(stored.filter { $0.source != defaultSource }.prefix(Self.capacity))
    }

    /// What the menu shows: the default list, then the others, newest first.
    var entries: [Entry] {
        [Entry(source: defaultSource, name: defaultSource.displayName, openedAt: .distantPast)] + stored
    }

    /// Remembers that `source` was opened now; the oldest entries fall off past `capacity`.
    mutating func record(_ source: LinksSource, name: String? = nil, at date: Date = Date()) {
        guard source != defaultSource else { return }
        stored.removeAll { $0.source == source }
        stored.insert(Entry(source: source, name: name ?? source.displayName, openedAt: date), at: 0)
        if stored.count > Self.capacity { stored.removeLast(stored.count - Self.capacity) }
    }

    mutating func forgetAll() {
        stored.removeAll()
    }

    var canForget: Bool { !stored.isEmpty }
}
