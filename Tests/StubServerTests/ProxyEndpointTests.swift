import Foundation
@testable import StubServer
import StubKit
import Testing
import WireClient

/// Where a proxied request goes, read straight from its URL's text (the
/// fast path every proxy stub's URL takes) or, for anything else, through
/// `URLComponents`, with the same answers; and which of its headers stay behind.
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
        let (endpoint, sent) = try #require(WirePool.endpointAndTarget(url))
        #expect(endpoint.secure == secure && endpoint.host == host && endpoint.port == port, "\(endpoint)")
        #expect(sent == target)
    }

    @Test(arguments: ["ftp://example.com/", "http:///nohost", "http://example.com:99999/", "mailto:a@b"])
    func whatIsNotAnHTTPURLWithAHostIsRefused(_ url: String) throws {
        #expect(WirePool.endpointAndTarget(url) == nil)
    }

    @Test(arguments: [
        ("https://api.example.com/v2/", nil, "/users/1?x=1", "https://api.example.com/v2/users/1?x=1"),
        ("http://127.0.0.1:9", "/mock", "/mock/users?q=a%20b", "http://127.0.0.1:9/users?q=a%20b"),
        ("http://127.0.0.1:9", "/mock", "/mock?q=1", "http://127.0.0.1:9?q=1"),
        ("http://127.0.0.1:9/base", "/other", "/mock", "http://127.0.0.1:9/base/mock"),
    ] as [(String, String?, String, String)])
    func theUpstreamLocationIsTheBaseThenThePathWithoutItsPrefix(_ base: String, _ prefix: String?, _ target: String, _ expected: String) throws {
        let proxy = ProxyTarget(base: try #require(URL(string: base)), removingPrefix: prefix)
        #expect(proxy.location(for: target) == expected)
        #expect(proxy.url(for: target)?.absoluteString == expected)
    }

    @Test func everyHopByHopNameIsKnownInAnyCaseAndNoOtherIs() {
        for name in ProxyTarget.hopByHopHeaders {
            #expect(ProxyTarget.isHopByHop(name) && ProxyTarget.isHopByHop(name.uppercased()), "\(name)")
        }
        for name in ["Content-Type", "Via", "X-Connection", "Hosts", "Keep-Alive-Timeout", "Transfer-Encodings", "", "t"] {
            #expect(!ProxyTarget.isHopByHop(name), "\(name)")
        }
    }
}
