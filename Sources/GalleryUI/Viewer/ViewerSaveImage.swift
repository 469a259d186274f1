import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// "Save Image As…": fetches the original bytes (from the disk cache in the app), asks where with
/// GtkFileChooserNative (GTK 4.8 has no GtkFileDialog; the native one goes through the portal in
/// a sandbox) and writes the file atomically, so an interrupted save never leaves half a file.
/// Tests replace only the question (`LocationChooser`); fetching and writing stay the same.
@MainActor
final class ViewerSaveImage {
    enum Outcome: Equatable {
        case saved(String)
        case failed(String)
        case cancelled
    }

    private let parent: UnsafeMutablePointer<GtkWidget>
    private let item: ViewerItem
    private let source: any OriginalImageSource
    /// Asks where to save, given the suggested file name; answers a path, or nil when cancelled.
    typealias LocationChooser = @MainActor (_ suggestedName: String, _ answer: @escaping @MainActor (String?) -> Void) -> Void

    /// The picture as turned on screen, as a file (`OriginalImageSource.turnedCopy`), and the
    /// extension its format has.
    typealias TurnedCopy = @Sendable () async throws -> (data: Data, fileExtension: String)

    private let completion: @MainActor (Outcome) -> Void
    private let chooseLocation: LocationChooser?
    private let turnedCopy: TurnedCopy?
    private var data: Data?
    /// The person chose the turned copy over the original bytes.
    private var savesTurned: Bool
    /// Only the copy is saved (a crop), named with this after the picture's name.
    private let copyNameSuffix: String?

    /// `chooseLocation` nil: the file chooser dialog, which offers the turned copy beside the
    /// original when there is one (`turnedCopy`); with `chooseLocation`, `choosesTurned` is
    /// what the person picks.
    /// `copyNameSuffix`: the copy alone is saved, no original offered (Save Copy of a crop),
    /// suggested as the picture's name with the suffix ("photo (cropped).jpg").
    init(parent: UnsafeMutablePointer<GtkWidget>, item: ViewerItem, source: any OriginalImageSource,
         turnedCopy: TurnedCopy? = nil, copyNameSuffix: String? = nil, chooseLocation: LocationChooser? = nil,
         choosesTurned: Bool = false, completion: @escaping @MainActor (Outcome) -> Void) {
        self.parent = parent
        self.item = item
        self.source = source
        self.turnedCopy = turnedCopy
        self.copyNameSuffix = copyNameSuffix
        self.chooseLocation = chooseLocation
        savesTurned = (choosesTurned || copyNameSuffix != nil) && turnedCopy != nil
        self.completion = completion
    }

    func run() {
        let url = item.url
        let source = source
        Task { @MainActor [weak self] in
            do {
                self?.ask(with: try await source.originalFile(for: url))
            } catch let error as LoadError {
                self?.completion(.failed(ErrorMessages.explanation(for: error)))
            } catch {
                self?.completion(.cancelled)
            }
        }
    }

    private func ask(with file: OriginalFile) {
        data = file.data
        var suggestedName = SavedFileName.suggested(title: item.title, file: file)
        if let copyNameSuffix {
            let ext = (suggestedName as NSString).pathExtension
            suggestedName = (suggestedName as NSString).deletingPathExtension + copyNameSuffix + (ext.isEmpty ? "" : "." + ext)
        }
        if let chooseLocation {
            chooseLocation(suggestedName) { [weak self] path in self?.chosen(path) }
            return
        }
        FileChooser.ask(title: L10n.tr("Save Image"), action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: L10n.tr("_Save"),
                        parent: parent, configure: { [turnedCopy, copyNameSuffix] chooser in
                            gtk_file_chooser_set_current_name(chooser, suggestedName)
                            if turnedCopy != nil, copyNameSuffix == nil { Self.offerTurnedCopy(in: chooser) }
                        }) { [weak self] answer in self?.answered(answer) }
    }

    private func answered(_ answer: FileChooser.Answer) {
        switch answer {
        case .cancelled:
            chosen(nil)
        case .notLocal:
            completion(.failed(L10n.tr("This location cannot be written to.")))
        case .chosen(let path, let chooser):
            if turnedCopy != nil, copyNameSuffix == nil {
                savesTurned = gtk_file_chooser_get_choice(chooser, Self.choiceID).map { String(cString: $0) } == "turned"
            }
            chosen(path)
        }
    }

    private func chosen(_ path: String?) {
        guard let path else {
            completion(.cancelled)
            return
        }
        guard let data else {
            completion(.failed(L10n.tr("This location cannot be written to.")))
            return
        }
        guard savesTurned, let turnedCopy else { return write(data, to: path) }
        Task { @MainActor [weak self] in
            do {
                let copy = try await turnedCopy()
                // A format gdk-pixbuf cannot write (HEIC, AVIF, GIF…) is saved as PNG, named so;
                // that name was not the one the person confirmed, so it never replaces a file.
                let renamed = SavedFileName.path(path, withExtension: copy.fileExtension)
                if renamed == path {
                    self?.write(copy.data, to: path)
                } else {
                    self?.writeBeside(copy.data, named: (renamed as NSString).lastPathComponent,
                                      in: URL(fileURLWithPath: (path as NSString).deletingLastPathComponent))
                }
            } catch let error as LoadError {
                self?.completion(.failed(ErrorMessages.explanation(for: error)))
            } catch {
                self?.completion(.failed(L10n.tr("The turned picture could not be made.")))
            }
        }
    }

    private static let choiceID = "copy"

    /// The chooser's own choice: the picture as turned (first, so chosen at first: the person
    /// turned it), or the original as downloaded. First, because GTK 4.8's own chooser (where no
    /// portal answers) ignores `gtk_file_chooser_set_choice` and starts on the first option
    /// (seen by `test_save_turned.py`); the portal is told the same choice.
    private static func offerTurnedCopy(in chooser: OpaquePointer) {
        let options = [strdup("turned"), strdup("original"), nil]
        let labels = [strdup(L10n.tr("The picture as turned")), strdup(L10n.tr("The original as downloaded")), nil]
        defer { (options + labels).forEach { free($0) } }
        var optionPointers = options.map { $0.map { UnsafePointer<CChar>($0) } }
        var labelPointers = labels.map { $0.map { UnsafePointer<CChar>($0) } }
        gtk_file_chooser_add_choice(chooser, choiceID, L10n.tr("Save"), &optionPointers, &labelPointers)
        gtk_file_chooser_set_choice(chooser, choiceID, "turned")
    }

    /// Writes on the disk queue: a large original on a slow disk must neither freeze the window
    /// nor block a thread of the cooperative pool.
    private func write(_ data: Data, to path: String) {
        Task { @MainActor [completion] in
            let failure = await BlockingWork.run(on: BlockingWork.disk) { Self.replaceContents(of: path, with: data) }
            if let failure {
                completion(.failed(L10n.format("Could not save the image: %1$s", failure)))
            } else {
                completion(.saved(path))
            }
        }
    }

    /// Writes a file of a name the person did not confirm: under it when free, else under the
    /// first free numbered one ("pic (2).png"), never over another file (`NewFileInFolder`).
    private func writeBeside(_ data: Data, named name: String, in folder: URL) {
        Task { @MainActor [completion] in
            let result = await BlockingWork.run(on: BlockingWork.disk) { () -> Result<String, SaveProblem> in
                Result { () throws(SaveProblem) in try NewFileInFolder.write(data, named: name, in: folder).file.path }
            }
            switch result {
            case .success(let path): completion(.saved(path))
            case .failure(let problem): completion(.failed(L10n.format("Could not save the image: %1$s", ErrorMessages.explanation(for: problem))))
            }
        }
    }

    /// Writes through GIO: `g_file_replace_contents` writes a temporary file beside the target
    /// and renames it over (atomic), gives it the mode of the file it replaces (an overwritten
    /// 0640 file stays 0640), and writes through a symlink into the file it names. Returns
    /// GIO's own message on failure (it names the file and the reason).
    nonisolated static func replaceContents(of path: String, with data: Data) -> String? {
        let file = g_file_new_for_path(path)! // never NULL: any path makes a GFile
        defer { g_object_unref(file.rawPointer) }
        var error: UnsafeMutablePointer<GError>?
        let written = data.withUnsafeBytes { bytes in
            g_file_replace_contents(file, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count),
                                    nil, 0, G_FILE_CREATE_NONE, nil, nil, &error)
        }
        defer { if let error { g_error_free(error) } }
        guard written == 0 else { return nil }
        return error.map { String(cString: $0.pointee.message) } ?? L10n.tr("This location cannot be written to.")
    }
}
