import Foundation
import MicroHTTP
import Testing
import UnderstudyTestSupport

/// Daemons without a thread of their own (plain HTTP, one thread: the
/// default), run side by side by shared loops.
@Suite struct DaemonLoopTests {
    /// Forty daemons at once share at most the loops' limit of threads; each
    /// answers as its own, and stopping half of them leaves the rest serving.
    @Test func daemonsSharingLoopsEachServeAndStopAlone() async throws {
        let daemons = try (0..<40).map { number in
            try Daemon { request in .response(HTTPResponse(status: 200, text: "\(number) \(request.path)")) }
        }
        #expect(Daemon.sharedLoops >= 1)
        let client = HTTPClient()
        defer { client.close() }
        for (number, daemon) in daemons.enumerated() {
            #expect(try await client.get(URL(string: "http://\(daemon.address)/a")!).text == "\(number) /a")
        }
        for (number, daemon) in daemons.enumerated() where number.isMultiple(of: 2) { daemon.stop() }
        let fresh = HTTPClient()
        defer { fresh.close() }
        for (number, daemon) in daemons.enumerated() {
            if number.isMultiple(of: 2) {
                #expect(!daemon.isRunning)
            } else {
                #expect(try await fresh.get(URL(string: "http://\(daemon.address)/b")!).text == "\(number) /b")
            }
        }
        for daemon in daemons { daemon.stop() }
    }

    /// A daemon of two threads is two libmicrohttpd daemons on one listening
    /// socket, each on a loop: clients at once, answered now or later from
    /// another thread, each get their own answer, on loop threads only, and
    /// the counters add up over both daemons.
    @Test func aDaemonOfTwoThreadsServesEveryClientOnLoops() async throws {
        let threads = ThreadNames()
        let daemon = try Daemon(DaemonConfiguration(threadCount: 2)) { request in
            threads.insert(Self.threadName())
            let text = "\(request.path) \(request.rawQuery ?? "")"
            guard request.path == "/later" else { return .response(HTTPResponse(status: 200, text: text)) }
            return .later { responder in DispatchQueue.global().async { responder.respond(HTTPResponse(status: 200, text: text)) } }
        }
        defer { daemon.stop() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<12 {
                group.addTask {
                    let client = HTTPClient()
                    defer { client.close() }
                    for call in 0..<10 {
                        let path = call.isMultiple(of: 2) ? "/now" : "/later"
                        let reply = try await client.get(URL(string: "http://\(daemon.address)\(path)?n=\(caller)-\(call)")!)
                        #expect(reply.text == "\(path) n=\(caller)-\(call)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(daemon.statistics.requestsCompleted == 120)
        #expect(threads.all == ["understudy-http"], "every request ran on a loop's thread")
    }

    /// The names of the threads handlers ran on, written by both loops. An
    /// `NSLock` (a pthread mutex, which Thread Sanitizer follows): it took
    /// `Mutex`'s futex-based lock for no lock at all.
    final class ThreadNames: @unchecked Sendable {
        private let lock = NSLock()
        private var names: Set<String> = []

        func insert(_ name: String) { lock.withLock { _ = names.insert(name) } }
        var all: Set<String> { lock.withLock { names } }
    }

    /// The calling thread's name (Linux: loops exist only there).
    static func threadName() -> String {
        #if os(Linux)
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? "?"
        #else
        "understudy-http"
        #endif
    }

    /// A loop runs a daemon again when its connection timeout comes due, with
    /// no network activity to wake it: an idle keep-alive connection is closed.
    @Test func anIdleConnectionIsClosedWhenItsTimeoutComesDue() async throws {
        let daemon = try Daemon(DaemonConfiguration(connectionTimeoutSeconds: 1)) { _ in
            .response(HTTPResponse(status: 200, text: "ok"))
        }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let reply = await socket.receive { $0.hasSuffix("ok") }
        #expect(reply.text.hasPrefix("HTTP/1.1 200"))
        // Nothing more is sent: the server closes the connection on its own.
        let rest = await socket.receive()
        #expect(rest.ending == .closed || rest.ending == .reset)
    }

    /// A request answered later from another thread wakes the loop, on a
    /// daemon whose loop another busy daemon shares.
    @Test func anAnswerGivenLaterFromAnotherThreadWakesTheLoop() async throws {
        let neighbours = try (0..<8).map { _ in try Daemon { _ in .response(HTTPResponse(status: 200, text: "near")) } }
        defer { for daemon in neighbours { daemon.stop() } }
        let daemon = try Daemon { _ in
            .later { responder in
                DispatchQueue.global().async { responder.respond(HTTPResponse(status: 200, text: "later")) }
            }
        }
        defer { daemon.stop() }
        let client = HTTPClient()
        defer { client.close() }
        for _ in 0..<50 {
            #expect(try await client.get(URL(string: "http://\(daemon.address)/")!).text == "later")
        }
        for neighbour in neighbours {
            #expect(try await client.get(URL(string: "http://\(neighbour.address)/")!).text == "near")
        }
    }
}
