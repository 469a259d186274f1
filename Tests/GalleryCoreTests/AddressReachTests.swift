import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// Issue 53: which addresses are the person's own, as the RFCs draw them, and a public list's
/// request refused before it reaches one — named, or behind a redirect from a public-looking
/// name — with nothing sent. (The same from a list on a public address, end to end, in a network
/// namespace of the test's own: `test_private_network.py`.)
final class AddressReachTests: XCTestCase {
    func testTheAddressesThatArePrivateAreTheOnesTheRFCsName() {
        let local = ["127.0.0.1", "127.255.255.254", "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "172.16.0.1",
                     "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.255",
                     "::1", "::", "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "fec0::1", "::ffff:192.168.1.1", "::ffff:127.0.0.1"]
        let elsewhere = ["8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "192.167.255.255", "192.169.0.1", "100.63.255.255",
                      "100.128.0.1", "169.253.0.1", "192.0.2.1", "198.51.100.7", "203.0.113.7", "11.0.0.1",
                      "2001:db8::1", "2a00:1450::1", "fbff::1", "::ffff:8.8.8.8", "64:ff9b::808:808"]
        for address in local { XCTAssertTrue(AddressReach.isLocal(address), address) }
        for address in elsewhere { XCTAssertFalse(AddressReach.isLocal(address), address) }
        XCTAssertFalse(AddressReach.isLocal("example.com"), "only addresses are judged here; names are judged once resolved")
    }

    func testAPublicListsLinkToLoopbackIsRefusedWithoutARequest() async throws {
        let server = try FixtureServer.shared()
        let path = "/img/32x24.png?tag=\(FixtureServer.uniqueTag())"
        let client = HTTPClient()

        let refused = await client.failure(of: HTTPRequest(url: server.url(path), reach: .publicOnly))
        let allowed = try await client.send(HTTPRequest(url: server.url(path), reach: .anyAddress))

        XCTAssertEqual(refused, .localAddressRefused)
        XCTAssertEqual(refused?.asLoadError, .localAddressRefused)
        XCTAssertEqual(refused?.asLoadError.isTransient, false, "not retried by itself")
        XCTAssertEqual(allowed.head.status, 200)
        XCTAssertTrue(allowed.isFromLocalAddress, "a list from here may name local addresses")
        let sent = try await server.requestCount(path: path)
        XCTAssertEqual(sent, 1, "only the allowed request reached the server")
    }

    func testAKeptAliveConnectionToALocalAddressIsNotReusedForAPublicList() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        _ = try await client.send(HTTPRequest(url: server.url("/text/plain.txt"))) // a connection kept alive
        let path = "/img/32x24.png?tag=\(FixtureServer.uniqueTag())"

        let refused = await client.failure(of: HTTPRequest(url: server.url(path), reach: .publicOnly))

        XCTAssertEqual(refused, .localAddressRefused)
        let sent = try await server.requestCount(path: path)
        XCTAssertEqual(sent, 0)
    }

    func testBehindAProxyALinkNamingALocalHostIsRefusedAndOthersGoThroughIt() throws {
        let environment = ["http_proxy": "http://proxy.example:3128", "no_proxy": "intranet.example,.corp.example"]
        XCTAssertTrue(ProxyEnvironment.proxies(URL(string: "http://images.example/a.png")!, environment: environment))
        XCTAssertFalse(ProxyEnvironment.proxies(URL(string: "http://intranet.example/a.png")!, environment: environment))
        XCTAssertFalse(ProxyEnvironment.proxies(URL(string: "http://cdn.corp.example/a.png")!, environment: environment))
        XCTAssertFalse(ProxyEnvironment.proxies(URL(string: "https://images.example/a.png")!, environment: environment),
                       "http_proxy is for http only")
        XCTAssertFalse(ProxyEnvironment.proxies(URL(string: "http://images.example/a.png")!, environment: ["HTTP_PROXY": "http://p:1"]),
                       "libcurl reads http_proxy in lower case only")
        for link in ["http://localhost:631/", "http://127.0.0.1/", "http://[::1]/", "http://printer.localhost/", "http://192.168.1.1/"] {
            XCTAssertTrue(AddressReach.namesLocalHost(URL(string: link)!), link)
        }
        XCTAssertFalse(AddressReach.namesLocalHost(URL(string: "http://images.example/")!))
    }
}
