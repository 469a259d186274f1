import GalleryCore

extension HTTPClient {
    /// The error a request fails with, or nil if it produced a response; keeps tests to one line.
    func failure(of request: HTTPRequest) async -> HTTPError? {
        do {
            _ = try await send(request)
            return nil
        } catch {
            return error
        }
    }
}
