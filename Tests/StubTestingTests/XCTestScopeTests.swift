import Foundation
import StubKit
import StubServer
import StubTesting
import Synchronization
import UnderstudyTestSupport
import XCTest

/// The same scope and assertions under XCTest: failures arrive through
/// `recordFailure` with the assertion's file and line.
final class XCTestScopeTests: XCTestCase {
    private struct Failure: Sendable {
        var text: String
        var file: String
        var line: Int
    }

    private let captured = Mutex<[Failure]?>(nil)

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let kept = captured.withLock { failures -> Bool in
            guard failures != nil else { return false }
            failures?.append(Failure(text: description, file: filePath, line: lineNumber))
            return true
        }
        if !kept { super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected) }
    }

    /// The failures `body` records, kept from failing this test.
    private func failures(of body: () async throws -> Void) async rethrows -> [Failure] {
        captured.withLock { $0 = [] }
        defer { captured.withLock { $0 = nil } }
        try await body()
        return captured.withLock { $0 ?? [] }
    }

    func testAServerServesAndPassingAssertionsRecordNothing() async throws {
        try await withStubServer(.stubs { Get("/health").respond(.text("ok")) }) { server in
            XCTAssertTrue(StubServer.current === server)
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url("/health"))
            XCTAssertEqual(reply.text, "ok")
            XCTAssertTrue(server.expectReceived(Get("/health"), .once))
            XCTAssertTrue(server.expectNever(Get("/other")))
        }
        XCTAssertNil(StubServer.current)
    }

    func testAFailedAssertionReportsItsFileAndLine() async throws {
        let found = try await failures {
            try await withStubServer(.stubs { Get("/health") }) { server in
                server.expectReceived(Get("/health"), .once); let line = #line
                XCTAssertEqual(line, #line - 1)
            }
        }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.text, "failed - Expected exactly 1 request matching GET /health; received 0.\nNo requests were received.")
        XCTAssertEqual(found.first?.file, #filePath)
        XCTAssertEqual(found.first?.line, #line - 7)
    }

    func testAnUnmatchedRequestFailsAtTheWithStubServerCall() async throws {
        let line = #line + 2
        let found = try await failures {
            try await withStubServer(.stubs { Get("/health") }) { server in
                let client = HTTPClient()
                defer { client.close() }
                _ = try await client.get(server.url("/healthz"))
            }
        }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, line)
        XCTAssertTrue(found.first?.text.hasPrefix("failed - Request #1 matched no stub; the server answered 404.\nUnderstudy: no stub matched GET /healthz") == true)
    }

    func testAContractReportsEachFailedClauseAtItsLine() async throws {
        let found = await failures {
            await Contract("health", serving: .stubs { Get("/health").respond(.status(500)) }) { server in
                Decodes("health is ok", equals: 200) {
                    let client = HTTPClient()
                    defer { client.close() }
                    return try await client.get(server.url("/health")).status
                }
            }.check()
        }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, #line - 8)
        XCTAssertTrue(found.first?.text.contains("Diff (− expected, + actual):\n− 200\n+ 500") == true, found.first?.text ?? "")
    }
}
