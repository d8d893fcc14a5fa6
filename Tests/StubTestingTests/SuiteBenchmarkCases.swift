import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubTesting
import Testing

/// The suite benchmark's real suite (issue 26): 1,000 parameterized cases,
/// each a user's unit of work with its own server from the `.stubServer`
/// trait: 20 stubs, 3 URLSession calls, a count. `scripts/bench` runs it
/// with `UNDERSTUDY_SUITE_BENCH=1 swift test --filter SuiteBenchmarkCases`
/// and times the whole run; in the ordinary test run it is skipped.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["UNDERSTUDY_SUITE_BENCH"] != nil,
                "the suite benchmark's 1,000 cases run from scripts/bench"))
struct SuiteBenchmarkCases {
    @Test(.stubServer {
        for index in 0..<20 { Get("/items/\(index)").respond(.json(#"{"id":\#(index),"name":"item \#(index)"}"#)) }
    }, arguments: 0..<1_000)
    func oneTest(_ number: Int) async throws {
        let server = try #require(StubServer.current)
        for index in 0..<3 {
            let (_, response) = try await URLSession.shared.data(from: server.url("/items/\((number + index) % 20)"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
        server.expectReceived(Get("/items/{index}"), .exactly(3))
    }
}
