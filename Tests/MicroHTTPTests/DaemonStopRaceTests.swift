import Dispatch
import Foundation
import MicroHTTP
import Testing
import UnderstudyTestSupport

/// A request whose handler is still deciding when stop begins gets the
/// answer it decides, or a 503 when it would wait, and stop sends it before
/// closing the connection. (Found by the churn: with a short drain, a
/// request arriving as stop began lost its answer, about once in 12,000 stops.)
@Suite struct DaemonStopRaceTests {
    /// A handler held on the daemon's thread until the test lets it go.
    final class Gate: Sendable {
        let arrived: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        private let release = DispatchSemaphore(value: 0)

        init() { (arrived, continuation) = AsyncStream.makeStream() }

        /// Called by the handler: reports the arrival, then waits for ``open()``.
        func hold() {
            continuation.yield()
            release.wait()
        }

        func open() { release.signal() }
    }

    private func answer(deciding reply: Reply) async throws -> ReceiveResult {
        let gate = Gate()
        let daemon = try Daemon(DaemonConfiguration(drainTimeout: .zero)) { _ in
            gate.hold()
            return reply
        }
        let socket = try RawSocket(port: daemon.port, timeout: 30)
        try socket.send("GET /deciding HTTP/1.1\r\nHost: x\r\n\r\n")
        for await _ in gate.arrived { break }
        let stopping = Thread { daemon.stop() }
        stopping.start()
        while daemon.isRunning { await Task.yield() }
        gate.open()
        return await socket.receiveResponse()
    }

    @Test func anAnswerDecidedAsStopBeginsIsSent() async throws {
        let reply = try await answer(deciding: .response(HTTPResponse(status: 200, text: "decided")))
        #expect(reply.status == 200, "\(reply.ending): \(reply.text)")
        #expect(reply.text.hasSuffix("decided"))
    }

    @Test func aRequestThatWouldWaitAsStopBeginsGets503() async throws {
        let reply = try await answer(deciding: .later { _ in })
        #expect(reply.status == 503, "\(reply.ending): \(reply.text)")
    }
}
