import CGtk
import Foundation
@testable import GalleryUI
import XCTest

/// The action tables are the one place keys are declared: the Keyboard Shortcuts window and the
/// README's table must say what they say, and no two actions of a scope may share a key.
final class ActionTablesTests: XCTestCase {
    /// Every table with its scope's name, as the README's "where" column says it.
    @MainActor
    private static var tables: [(scope: String, listed: [String], all: [String])] {
        func keys<Owner>(_ table: [ActionEntry<Owner>]) -> (listed: [String], all: [String]) {
            (table.flatMap(\.accelerators), table.flatMap(\.allAccelerators))
        }
        let app = keys(GalleryApplication.actions), gallery = keys(GalleryWindow.actions)
        let grid = keys(GalleryGrid.actions), viewer = keys(ViewerWindow.actions)
        let selection = keys(GalleryWindow.selectionActions)
        return [("everywhere", app.listed, app.all), ("gallery", gallery.listed + selection.listed, gallery.all + selection.all),
                ("gallery", grid.listed, grid.all), ("viewer", viewer.listed, viewer.all)]
    }

    /// How GTK spells a key for people ("Ctrl+R", "Page Up").
    @MainActor
    private static func label(_ accelerator: String) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        XCTAssertNotEqual(gtk_accelerator_parse(accelerator, &key, &modifiers), 0, "\(accelerator) is not an accelerator")
        return String(cString: gtk_accelerator_get_label(key, modifiers))
    }

    /// The README's shortcut table, row by row: (where, [keys]).
    private static func readmeRows() throws -> [(String, [String])] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "<!-- shortcuts -->").dropFirst().first)
            .components(separatedBy: "<!-- /shortcuts -->")[0]
        return section.split(separator: "\n").dropFirst(2).map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let keys = cells[1].components(separatedBy: CharacterSet(charactersIn: ",/")).map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[0], keys)
        }
    }

    func testEveryListedKeyIsInTheReadmeUnderItsScope() throws {
        MainActor.assumeIsolated { _ = GtkTestEnvironment.setUp() }
        let rows = try Self.readmeRows()
        for (scope, listed, _) in MainActor.assumeIsolated({ Self.tables }) {
            let documented = Set(rows.filter { $0.0 == scope || $0.0 == "everywhere" }.flatMap(\.1))
            for accelerator in listed {
                let label = MainActor.assumeIsolated { Self.label(accelerator) }
                XCTAssertTrue(documented.contains(label), "README lacks \(label) (\(accelerator)) under \(scope)")
            }
        }
    }

    func testTheShortcutsWindowListsEveryListedKeyAndOnlyThose() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let shown = ShortcutsWindow.groups.flatMap(\.rows).flatMap(\.keys)
            let listed = Self.tables.flatMap(\.listed)
            // The FlowBox's own keys are the only ones shown that no table declares.
            let flowBoxOwn: Set = ["Return", "space", "Left", "Right", "Up", "Down"]
            XCTAssertEqual(Set(listed).subtracting(shown), [], "keys the window does not show")
            XCTAssertEqual(Set(shown).subtracting(listed).subtracting(flowBoxOwn), [], "keys no action has")
        }
    }

    func testNoKeyTriggersTwoActionsOfOneScope() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            var byScope: [String: [String: Int]] = [:]
            for (scope, _, all) in Self.tables {
                for accelerator in all { byScope[scope, default: [:]][Self.label(accelerator), default: 0] += 1 }
            }
            for (scope, counts) in byScope {
                XCTAssertEqual(counts.filter { $0.value > 1 }.keys.sorted(), [], "keys used twice in \(scope)")
            }
        }
    }

    func testTheShortcutsWindowIsBuiltFromValidDescription() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            ShortcutsWindow.present(parent: nil)
            let windows = gtk_window_list_toplevels()
            defer { g_list_free(windows) }
            var found = false
            var node = windows
            while let current = node {
                if let widget = current.pointee.data, g_type_check_instance_is_a(widget.assumingMemoryBound(to: GTypeInstance.self), gtk_shortcuts_window_get_type()) != 0 {
                    found = true
                    gtk_window_destroy(widget.assumingMemoryBound(to: GtkWindow.self))
                }
                node = current.pointee.next
            }
            XCTAssertTrue(found, "the Keyboard Shortcuts window did not open")
        }
    }
}
