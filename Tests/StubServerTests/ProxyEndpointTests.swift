import Foundation
@testable import StubServer
import Testing
import WireClient

/// Where a proxied request goes, read straight from its URL's text (the
/// fast path every proxy stub's URL takes) or, for anything else, through
/// `URLComponents`, with the same answers.
@Suite struct ProxyEndpointTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/a/b?c=1&d=%20#frag", false, "127.0.0.1", 8080, "/a/b?c=1&d=%20"),
        ("HTTPS://Example.com", true, "Example.com", 443, "/"),
        ("http://example.com?q=1", false, "example.com", 80, "/?q=1"),
        ("http://[::1]:9/x", false, "::1", 9, "/x"),
        ("https://[fe80::1]/", true, "fe80::1", 443, "/"),
        ("http://user:secret@example.com:81/p", false, "example.com", 81, "/p"),
    ])
    func aProxyURLNamesItsEndpointAndTarget(_ url: String, _ secure: Bool, _ host: String, _ port: Int, _ target: String) throws {
        let parsed = try #require(URL(string: url))
        let (endpoint, sent) = try #require(WirePool.endpointAndTarget(parsed))
        #expect(endpoint.secure == secure && endpoint.host == host && endpoint.port == port, "\(endpoint)")
        #expect(sent == target)
    }

    @Test(arguments: ["ftp://example.com/", "http:///nohost", "http://example.com:99999/", "mailto:a@b"])
    func whatIsNotAnHTTPURLWithAHostIsRefused(_ url: String) throws {
        let parsed = try #require(URL(string: url))
        #expect(WirePool.endpointAndTarget(parsed) == nil)
    }
}
