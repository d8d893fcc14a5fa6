import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// Exhaustive stubs: a declared stub no request used fails the test at the
/// stub's own line, from the scope's `exhaustive` option, a stub's own
/// `mustBeUsed`, `expectAllStubsUsed()` and an exhaustive `Contract`.
@Suite struct ExhaustiveStubsTests {
    static let used = Get("/used").respond(.text("ok"))
    static let unused = Get("/unused").query("page", "2").respond(.text("stale"))
    static let optional = Get("/optional").respond(.text("maybe")).mustBeUsed(false)

    static func get(_ server: StubServer, _ path: String) async throws {
        let client = HTTPClient()
        defer { client.close() }
        _ = try await client.get(server.url(path))
    }

    @Test func anExhaustiveScopeFailsAtEachUnusedStub() async throws {
        let issues = await knownIssues {
            try await withStubServer(.stubs([Self.used, Self.unused, Self.optional]), exhaustive: true) { server in
                try await Self.get(server, "/used")
            }
        }
        #expect(issues.count == 1, "\(issues.map(\.text))")
        #expect(issues.first?.sourceLocation?.line == Self.unused.location.line, "at the stub's own line")
        #expect(issues.first?.text == """
            Stub GET /unused where query page == "2" (declared at \(Self.unused.location)) was never used: no request reached it.
            Requests received (1):
              ✗ #1 GET /used — path: expected /unused, got /used
            (Remove it, use it, or mark it .mustBeUsed(false).)
            """)
    }

    @Test func withoutTheOptionOnlyStubsThatMustBeUsedFail() async throws {
        let required = Get("/required").respond(.text("x")).mustBeUsed()
        let issues = await knownIssues {
            try await withStubServer(.stubs([Self.used, Self.unused, required])) { server in
                try await Self.get(server, "/used")
            }
        }
        #expect(issues.map { $0.sourceLocation?.line } == [required.location.line])
        // A used stub and an exempt one: no issue (one would fail this test).
        try await withStubServer(.stubs([Self.used, Self.optional]), exhaustive: true) { server in
            try await Self.get(server, "/used")
        }
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func expectAllStubsUsedIsAnAssertion(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs([Self.used, Self.unused, Self.optional]).transport(transport))
        defer { server.stop() }
        let (_, _) = try await server.session.data(from: server.url("/used"))
        var passed = true
        let issues = await knownIssues { passed = server.expectAllStubsUsed() }
        #expect(!passed)
        #expect(issues.map { $0.sourceLocation?.line } == [Self.unused.location.line])
        let (_, _) = try await server.session.data(from: server.url("/unused?page=2"))
        #expect(server.expectAllStubsUsed())
    }

    @Test func anExhaustiveContractReportsEachUnusedStub() async {
        let report = await Contract("used", serving: .stubs([Self.used, Self.unused]), exhaustive: true) { server in
            Decodes("used answers") { try await Self.get(server, "/used") }
        }.run()
        let failed = report.results.filter { $0.failure != nil }
        #expect(failed.map(\.name) == ["every stub used"])
        #expect(failed.first?.location == Self.unused.location)
    }
}
