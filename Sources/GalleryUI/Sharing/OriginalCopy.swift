import Foundation
import GalleryCore

/// The original as downloaded, written to a file for the desktop under the name Save As would
/// suggest (`SavedFileName.suggested`, from the format its download decided): what Open With
/// and Set as Background hand over.
/// The bytes come from the cache (or a download at the person-is-waiting priority); the file is
/// written on the disk queue.
enum OriginalCopy {
    enum Failure: Error, Equatable {
        case failed(String)
        case cancelled
    }

    /// `write` puts the bytes under the name and says where; `unwritten` is what the person
    /// reads when it cannot.
    static func make(
        title: String, bytes: @Sendable () async throws -> OriginalFile, unwritten: String,
        write: @escaping @Sendable (_ data: Data, _ name: String) throws -> URL
    ) async -> Result<URL, Failure> {
        do {
            let file = try await bytes()
            let name = SavedFileName.suggested(title: title, file: file)
            let data = file.data
            return .success(try await BlockingWork.run(on: BlockingWork.disk) { try write(data, name) })
        } catch LoadError.cancelled, is CancellationError {
            return .failure(.cancelled)
        } catch let error as LoadError {
            return .failure(.failed(ErrorMessages.explanation(for: error)))
        } catch {
            return .failure(.failed(unwritten))
        }
    }
}
