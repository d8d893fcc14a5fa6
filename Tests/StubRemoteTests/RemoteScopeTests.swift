import Foundation
import StubAssertions
import StubKit
import StubRemote
import Testing
import UnderstudyTestSupport

/// `withRemoteStubServer`: the scope a UI test runs in, failing for what the
/// app sent that no stub matched, with the server's near-miss report.
@Suite struct RemoteScopeTests {
    @Test func anUnmatchedRequestFailsTheScopeWithItsNearMisses() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let client = HTTPClient()
        defer { client.close() }
        let issues = await knownIssues {
            try await withRemoteStubServer(server, stubs: {
                Get("/v1/public/characters").query("nameStartsWith", "Spi").respond(.json("[]"))
            }) { server in
                _ = try await client.get(server.url("/v1/public/characters?nameStartsWith=Hul"))
            }
        }
        #expect(issues.count == 1)
        let text = issues.first?.text ?? ""
        #expect(text.hasPrefix("Request #1 matched no stub; the server answered 404."), "\(text)")
        #expect(text.contains("nameStartsWith"), "the near miss names the condition: \(text)")
        #expect(text.contains("RemoteScopeTests.swift"), "and where the stub was declared: \(text)")
    }

    @Test func expectUnmatchedAcknowledgesThemAndAllowsUnmatchedSilencesThem() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let client = HTTPClient()
        defer { client.close() }
        try await withRemoteStubServer(server) { server in
            _ = try await client.get(server.url("/missing"))
            #expect(await server.expectUnmatched(.once))
        }
        try await withRemoteStubServer(server, allowsUnmatched: true) { server in
            _ = try await client.get(server.url("/missing"))
        }
    }

    @Test func expectAllStubsUsedFailsAtEachUnusedStubTheTestAdded() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let client = HTTPClient()
        defer { client.close() }
        try await server.reset()
        let unusedLine = #line + 3
        let ids = try await server.add {
            Get("/used").respond(.text("yes"))
            Get("/unused").respond(.text("no")).named("never called")
            Get("/optional").respond(.text("maybe")).mustBeUsed(false)
        }
        _ = try await client.get(server.url("/used"))
        let issues = await knownIssues { await server.expectAllStubsUsed() }
        #expect(issues.count == 1, "only the unused stub this test added, not the server's own: \(issues.map(\.text))")
        let text = issues.first?.text ?? ""
        #expect(text.hasPrefix(#"Stub "never called" GET /unused (declared at StubRemoteTests/RemoteScopeTests.swift:\#(unusedLine)"#), "\(text)")
        #expect(text.contains("#1 GET /used"), "the requests the server received, each with its failed condition: \(text)")
        #expect(issues.first?.sourceLocation?.line == unusedLine, "the failure is at the stub's own line")

        try await server.remove(ids[1])
        #expect(await server.expectAllStubsUsed(), "a removed stub is no longer expected")
        #expect(server.addedStubs.map(\.request.description) == ["GET /used", "GET /optional"])
        try await server.reset()
        let passes = await server.expectAllStubsUsed()
        #expect(server.addedStubs.isEmpty && passes, "after a reset the handle has added nothing")
    }

    @Test func aFailedAssertionReadsAsItWouldLocally() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let client = HTTPClient()
        defer { client.close() }
        _ = try await client.get(server.url("/health?token=abc"))
        let issues = await knownIssues {
            await server.expectReceived(Get("/health").query("token", "xyz"), .once)
        }
        #expect(issues.map(\.text) == [
            """
            Expected exactly 1 request matching GET /health where query token == "xyz"; received 0.
            Requests received (1):
              ✗ #1 GET /health?token=abc — query token: expected == "xyz", got "abc"
            """,
        ])
    }
}

/// The remote half links no server: `understudy-remote-probe` depends only on
/// StubRemote and StubAssertions, as an iOS UI test target would.
@Suite struct RemoteLinkageTests {
    @Test func theProbeLinksNoLibmicrohttpdAndDrivesARealServer() async throws {
        let probe = try BuiltProducts.url("understudy-remote-probe")
        let libraries = try await BuiltProducts.dynamicLibraries(of: probe)
        #expect(!libraries.isEmpty, "ldd listed the probe's libraries")
        #expect(!libraries.contains { $0.contains("libmicrohttpd") }, "the remote side carries no libmicrohttpd: \(libraries)")
        let server = try await BuiltProducts.dynamicLibraries(of: try BuiltProducts.url("understudy"))
        #expect(server.contains { $0.contains("libmicrohttpd") }, "the check sees libmicrohttpd where it is linked")

        let served = try await ServedProcess.start()
        let run = try await ChildProcess.finished(probe, [served.url.absoluteString])
        #expect(run.status == 0, "probe: \(run.output) \(run.errors)")
        #expect(run.output.contains("received true"))
    }
}
