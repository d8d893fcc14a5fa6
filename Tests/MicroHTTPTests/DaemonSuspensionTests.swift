import Foundation
import MicroHTTP
import Synchronization
import Testing
import UnderstudyTestSupport

/// Answering later: suspended connections hold no thread, and stop() copes with them.
@Suite struct DaemonSuspensionTests {
    /// Collects the responders of suspended requests and reports each arrival.
    final class Parked: Sendable {
        let responders = Mutex<[Responder]>([])
        let arrivals: AsyncStream<Int>
        private let continuation: AsyncStream<Int>.Continuation

        init() { (arrivals, continuation) = AsyncStream.makeStream() }

        func park(_ responder: Responder) {
            let count = responders.withLock { $0.append(responder); return $0.count }
            continuation.yield(count)
        }

        func waitFor(_ count: Int) async {
            for await parked in arrivals where parked >= count { return }
        }

        func releaseAll(_ response: HTTPResponse) {
            for responder in responders.withLock({ $0 }) { responder.respond(response) }
        }
    }

    /// One thread, and two (two loops, each running a libmicrohttpd daemon
    /// on the one socket: a resume wakes the loop of the connection's daemon).
    static let threadCounts = [1, 2]

    @Test(arguments: threadCounts) func suspendedRequestsHoldNoThreadAndResumeFromAnotherThread(threads: Int) async throws {
        let parked = Parked()
        let daemon = try Daemon(DaemonConfiguration(threadCount: threads)) { request in
            request.path == "/slow" ? .later { parked.park($0) } : .response(HTTPResponse(status: 200, text: "fast"))
        }
        defer { daemon.stop() }
        let base = "http://\(daemon.address)"
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    let client = HTTPClient()
                    defer { client.close() }
                    return try await client.get(URL(string: base + "/slow")!).text
                }
            }
            await parked.waitFor(20)
            #expect(daemon.statistics.requestsSuspended == 20)
            // The daemon's threads are free while 20 requests wait.
            let client = HTTPClient()
            defer { client.close() }
            #expect(try await client.get(URL(string: base + "/fast")!).text == "fast")
            DispatchQueue.global().async { parked.releaseAll(HTTPResponse(status: 200, text: "late")) }
            var answers: [String] = []
            for try await text in group { answers.append(text) }
            #expect(answers == Array(repeating: "late", count: 20))
        }
        #expect(daemon.statistics.requestsSuspended == 0)
    }

    @Test func aResponderCanAnswerFromATimerAndDoesNothingAfterStop() async throws {
        let daemon = try Daemon { request in
            .later { $0.send(.response(HTTPResponse(status: 200, text: "timed")), after: .milliseconds(request.path == "/soon" ? 10 : 60_000)) }
        }
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(URL(string: "http://\(daemon.address)/soon")!)
        #expect(reply.text == "timed")
        daemon.stop()
        #expect(daemon.statistics.requestsSuspended == 0)
    }

    @Test func aResponderAnswersOnlyOnce() async throws {
        let daemon = try Daemon { _ in
            .later { responder in
                responder.respond(HTTPResponse(status: 200, text: "first"))
                responder.respond(HTTPResponse(status: 500, text: "second"))
                responder.closeConnection()
            }
        }
        defer { daemon.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(URL(string: "http://\(daemon.address)/")!)
        #expect(reply.status == 200 && reply.text == "first")
        let again = try await client.get(URL(string: "http://\(daemon.address)/")!)
        #expect(again.text == "first", "the connection survived the ignored calls")
    }

    @Test(arguments: threadCounts) func stopAnswersStillSuspendedRequestsWith503(threads: Int) async throws {
        let parked = Parked()
        let daemon = try Daemon(DaemonConfiguration(threadCount: threads, drainTimeout: .milliseconds(50))) { _ in .later { parked.park($0) } }
        // Several connections, so that with two threads both daemons may hold some.
        let sockets = try (0..<6).map { _ in try RawSocket(port: daemon.port) }
        for socket in sockets { try socket.send("GET /never HTTP/1.1\r\nHost: x\r\n\r\n") }
        await parked.waitFor(sockets.count)
        daemon.stop()
        for socket in sockets {
            let reply = await socket.receive()
            #expect(reply.status == 503)
            #expect(reply.text.contains("stopped before this delayed response was due"))
        }
        // A responder used after stop does nothing (and does not crash).
        parked.releaseAll(HTTPResponse(status: 200, text: "too late"))
        #expect(daemon.statistics.requestsCompleted == sockets.count)
    }

    @Test func stopWaitsForASuspendedRequestDueWithinTheDrainTimeout() async throws {
        let parked = Parked()
        let daemon = try Daemon(DaemonConfiguration(drainTimeout: .seconds(300))) { _ in .later { parked.park($0) } }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("GET /soon HTTP/1.1\r\nHost: x\r\n\r\n")
        await parked.waitFor(1)
        // The answer comes from another thread once stop() has begun waiting.
        let stopping = Thread { daemon.stop() }
        stopping.start()
        while daemon.isRunning == true && !stoppingBegan(daemon) { await Task.yield() }
        parked.releaseAll(HTTPResponse(status: 200, text: "in time"))
        let reply = await socket.receiveResponse()
        #expect(reply.status == 200)
        #expect(reply.text.hasSuffix("in time"))
    }

    @Test(arguments: threadCounts) func aConnectionArrivingWhileStopDrainsIsRefused(threads: Int) async throws {
        let parked = Parked()
        // The drain ends when the test releases the parked request; the long
        // timeout only keeps a slow machine (Thread Sanitizer on two cores took
        // over 10 s to reach the late connect) from ending the drain first.
        let daemon = try Daemon(DaemonConfiguration(threadCount: threads, drainTimeout: .seconds(300))) { _ in .later { parked.park($0) } }
        let inFlight = try RawSocket(port: daemon.port)
        try inFlight.send("GET /pending HTTP/1.1\r\nHost: x\r\n\r\n")
        await parked.waitFor(1)
        let stopping = Thread { daemon.stop() }
        stopping.start()
        while daemon.isRunning { await Task.yield() }
        let late = try RawSocket(port: daemon.port)
        try? late.send("GET /late HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = await late.receive()
        #expect(refused.text.isEmpty && refused.ending != .timedOut, "a new connection is closed at once while draining")
        parked.releaseAll(HTTPResponse(status: 200, text: "drained"))
        #expect(await inFlight.receiveResponse().text.hasSuffix("drained"), "the request in flight still gets its answer")
    }

    /// stop() marks the daemon as not running before it drains.
    private func stoppingBegan(_ daemon: Daemon) -> Bool { !daemon.isRunning }
}
