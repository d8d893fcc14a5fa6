import Foundation
import StubKit
import StubServer
import StubTesting
import Synchronization
import Testing
import UnderstudyTestSupport

/// Servers seen by the parallel cases, to show each case had its own. Each is
/// kept alive for the whole suite, so no two can share an address: an
/// identity compared after its object was freed could be a new one's.
private let serversSeen = Mutex<[ObjectIdentifier: StubServer]>([:])

/// 50 cases run in parallel, each with its own server from the trait; each
/// sends requests naming itself and sees only those in its journal.
@Suite(.stubServer { Get("/cases/{n}").respond { request in .text("case \(request.captures["n"] ?? "?")") } })
struct ParallelScopeTests {
    @Test(arguments: 0..<50)
    func eachCaseSeesOnlyItsOwnTraffic(number: Int) async throws {
        let server = try #require(StubServer.current)
        let fresh = serversSeen.withLock { $0.updateValue(server, forKey: ObjectIdentifier(server)) == nil }
        #expect(fresh, "case \(number) was handed a server another case had")
        #expect(server.journal.entries.isEmpty)

        let client = HTTPClient()
        defer { client.close() }
        for _ in 0..<3 {
            let reply = try await client.get(server.url("/cases/\(number)"))
            #expect(reply.text == "case \(number)")
        }
        server.expectReceived(Get("/cases/\(number)"), .exactly(3))
        #expect(server.journal.entries.map(\.request.path) == Array(repeating: "/cases/\(number)", count: 3))
    }

    @Test func aTestOfTheSameSuiteGetsAFreshServerToo() async throws {
        let server = try #require(StubServer.current)
        #expect(server.journal.recordedCount == 0)
        #expect(server.isRunning)
    }
}

@Suite struct TraitScopeTests {
    /// The server outlives nothing: captured during the test, stopped after it.
    private static let lastServer = Mutex<StubServer?>(nil)

    @Test(.stubServer { Get("/health").respond(.text("ok")) })
    func theTraitSetsCurrentAndTheServerAnswers() async throws {
        let server = try #require(StubServer.current)
        Self.lastServer.withLock { $0 = server }
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(server.url("/health"))
        #expect(reply.text == "ok")
        server.expectReceived(Get("/health"), .once)
    }

    @Test func currentIsNilOutsideAScope() {
        #expect(StubServer.current == nil)
    }

    @Test(.stubServer(allowsUnmatched: true) { Get("/known") })
    func allowsUnmatchedLetsA404Pass() async throws {
        let server = try #require(StubServer.current)
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(server.url("/unknown"))
        #expect(reply.status == 404)
        #expect(server.journal.unmatched.count == 1)
    }

    /// The scope-end failure of the trait itself, turned into a pass only
    /// when its text is the unmatched-request report for this request.
    @Test(
        .compactMapIssues { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("Request #1 matched no stub; the server answered 404.\nUnderstudy: no stub matched GET /missing") ? nil : issue
        },
        .stubServer { Get("/present") }
    )
    func anUnmatchedRequestFailsTheTestAtScopeEnd() async throws {
        let server = try #require(StubServer.current)
        let client = HTTPClient()
        defer { client.close() }
        _ = try await client.get(server.url("/missing"))
    }
}
