import Foundation
import GalleryTestSupport
import GalleryCore
import XCTest

/// People behind a proxy set `http_proxy`; libcurl honours it unless told otherwise, and we
/// never tell it otherwise. The fixture server plays the proxy: it sees the absolute URL.
final class HTTPClientProxyTests: XCTestCase {
    func testHTTPProxyFromTheEnvironmentIsUsed() async throws {
        let proxy = try FixtureServer()
        defer { proxy.stop() }
        setenv("http_proxy", proxy.baseURL.absoluteString, 1)
        defer { unsetenv("http_proxy") }

        // A host that does not exist: only a proxy can answer this.
        let target = "http://images.example.invalid/img/32x24.png?tag=\(FixtureServer.uniqueTag())"
        let response = try await HTTPClient().send(HTTPRequest(url: URL(string: target)!))

        XCTAssertEqual(response.head.status, 200)
        XCTAssertEqual(response.head.contentType, "image/png")
        let logged = try await proxy.requestLog().map(\.path)
        XCTAssertEqual(logged, [target], "the proxy received the absolute URL")
    }
}
