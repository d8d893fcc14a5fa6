import Foundation
import MicroHTTP
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

@Suite struct StubServerLifetimeTests {
    struct Boom: Error {}

    @Test func serveStopsTheServerWhenTheBodyThrows() async throws {
        var captured: StubServer?
        await #expect(throws: Boom.self) {
            try await StubServer.serve([]) { server in
                captured = server
                throw Boom()
            }
        }
        #expect(captured?.isRunning == false)
    }

    @Test func aBindFailureNamesTheAddress() throws {
        let first = try StubServer.start([])
        defer { first.stop() }
        #expect {
            var configuration = StubServer.Configuration()
            configuration.port = first.port
            return try StubServer.start(.stubs([], configuration: configuration))
        } throws: { error in
            "\(error)" == "cannot listen on 127.0.0.1:\(first.port): Address already in use (errno 98)"
        }
    }

    @Test func theJournalEvictsPastItsCapacityAndSaysSo() async throws {
        var configuration = StubServer.Configuration()
        configuration.journalCapacity = 5
        try await StubServer.serve(.stubs([Stub(.get, "/x")], configuration: configuration)) { server in
            let client = HTTPClient()
            defer { client.close() }
            for index in 1...8 { _ = try await client.get(server.url("/x?n=\(index)")) }
            #expect(server.journal.count == 5)
            #expect(server.journal.evictedCount == 3)
            #expect(server.journal.recordedCount == 8)
            #expect(server.journal.entries.map(\.sequence) == [4, 5, 6, 7, 8])
            #expect(server.journal.entries.map { $0.request.queryValue("n") } == ["4", "5", "6", "7", "8"])
            server.journal.reset()
            #expect(server.journal.count == 0)
            _ = try await client.get(server.url("/x"))
            #expect(server.journal.entries.map(\.sequence) == [9])
        }
    }

    /// Runs in a child process (understudy-bench), so that tests running in
    /// parallel in this process cannot disturb the descriptor and thread counts.
    @Test func twoThousandStartStopCyclesLeakNoDescriptorOrThread() async throws {
        let output = try await BuiltProducts.run("understudy-bench", ["start-stop", "--cycles", "2000", "--stubs", "100"])
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        #expect(report["cycles"] as? Int == 2_000)
        #expect(report["fdsAfter"] as? Int == report["fdsBefore"] as? Int, "\(output)")
        #expect(report["threadsAfter"] as? Int == report["threadsBefore"] as? Int, "\(output)")
    }
}
