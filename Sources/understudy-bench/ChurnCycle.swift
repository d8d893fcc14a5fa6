import Foundation
import MicroHTTP
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One daemon of the churn: started, given one connection of each kind,
/// stopped (now and then from two threads at once), its clients closed.
struct ChurnCycle {
    let number: Int
    let tls: TLSCredentials?
    let curl: String?
    let tally: ChurnTally

    private static let streamChunks = Array(repeating: Array("data: tick\n\n".utf8), count: 50)

    func run() throws {
        var random = SystemRandomNumberGenerator()
        var configuration = DaemonConfiguration()
        configuration.threadCount = Bool.random(using: &random) ? 1 : 2
        configuration.drainTimeout = .milliseconds(Int.random(in: 0...5, using: &random))
        configuration.tls = tls
        let raceWindow = Int.random(in: 0...3_000, using: &random)
        let heldArrivals = HeldArrivals()
        let daemon = try Daemon(configuration) { request in
            switch request.target {
            case "/fast": return .response(HTTPResponse(status: 200, text: "ok"))
            case "/held":
                heldArrivals.count.add(1, ordering: .relaxed)
                return .later { _ in } // answered by stop, with 503
            case "/now": return .later { $0.respond(HTTPResponse(status: 200, text: "at once")) }
            case "/later":
                return .later { $0.send(.response(HTTPResponse(status: 200, text: "late")), after: .microseconds(raceWindow)) }
            case "/stream":
                return .stream(head: HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], text: ""),
                               body: StreamedBody(chunks: Self.streamChunks, pause: .milliseconds(2)))
            default: return .response(HTTPResponse(status: 404, text: "no"))
            }
        }
        tally.cycles.add(1, ordering: .relaxed)
        var sockets: [ChurnSocket] = []
        var held: ChurnSocket?
        var curlChild: pid_t?
        if tls == nil {
            let keepAlive = try ChurnSocket(port: daemon.port)
            try keepAlive.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            guard keepAlive.read(until: { $0.contains("\r\n\r\nok") }, within: 10) else { throw ChurnError("no answer on the keep-alive connection") }
            let heldSocket = try ChurnSocket(port: daemon.port, sending: "GET /held HTTP/1.1\r\nHost: x\r\n\r\n")
            sockets = [keepAlive, heldSocket] + (try [
                "GET /now HTTP/1.1\r\nHost: x\r\n\r\n",                              // answered at once from a responder
                "GET /later HTTP/1.1\r\nHost: x\r\n\r\n",                            // a timer that races the stop
                "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n",                           // a paused stream
                "GET /fast HTTP/1.1\r\nHost: x\r\nX-Half: ",                          // half a head
                "POST /fast HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc", // half a body
                "",                                                                 // nothing yet
            ].map { try ChurnSocket(port: daemon.port, sending: $0.isEmpty ? nil : $0) })
            held = heldSocket
            // The held request must be suspended before stop, or stop has nothing to answer.
            guard waitUntil(within: 10, { heldArrivals.count.load(ordering: .relaxed) == 1 }) else {
                throw ChurnError("the held request never arrived: \(daemon.statistics)")
            }
            tally.racing.add(1, ordering: .relaxed)
        } else {
            tally.tlsCycles.add(1, ordering: .relaxed)
            // Mid-handshake: a TLS record header and part of a ClientHello, then nothing.
            let partialHello = try ChurnSocket(port: daemon.port)
            try partialHello.send([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03])
            let silent = try ChurnSocket(port: daemon.port)
            let plain = try ChurnSocket(port: daemon.port)
            try plain.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            sockets = [partialHello, silent, plain]
            if let curl {
                curlChild = spawnQuietly(curl, ["-sk", "--max-time", "20", "-o", "/dev/null", "https://127.0.0.1:\(daemon.port)/held"])
                if curlChild != nil, waitUntil(within: 10, { heldArrivals.count.load(ordering: .relaxed) == 1 }) {
                    tally.curlHeld.add(1, ordering: .relaxed)
                }
            }
        }
        tally.openAtStop.add(daemon.statistics.connectionsOpen, ordering: .relaxed)
        if number % 7 == 0 {
            // Two stops at once: both return after the daemon stopped.
            tally.doubleStops.add(1, ordering: .relaxed)
            let other = Thread { daemon.stop() }
            other.start()
            daemon.stop()
        } else {
            daemon.stop()
        }
        if let held {
            if held.read(until: { $0.contains(" 503 ") }, within: 10) {
                tally.held503.add(1, ordering: .relaxed)
            } else {
                tally.heldLost.add(1, ordering: .relaxed)
            }
        }
        for socket in sockets { socket.close() }
        if let curlChild {
            var status: Int32 = 0
            while waitpid(curlChild, &status, 0) < 0 && errno == EINTR {}
        }
    }

    private func waitUntil(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            usleep(200)
        }
        return true
    }

    /// Starts `path` with its output and input on /dev/null; nil when it cannot start.
    private func spawnQuietly(_ path: String, _ arguments: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [Int32(0), 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        return posix_spawn(&child, path, &actions, nil, argv, environ) == 0 ? child : nil
    }
}

/// How many held requests a cycle's daemon has received.
final class HeldArrivals: Sendable {
    let count = Atomic<Int>(0)
}

/// A blocking loopback client socket, close-on-exec, closed exactly once.
final class ChurnSocket {
    private var fd: Int32

    /// Connects to `127.0.0.1:port` and, when `request` is given, sends it.
    init(port: Int, sending request: String? = nil) throws {
        fd = try LoopbackConnection.connect(port: port)
        if let request { try send(request) }
    }

    deinit { close() }

    /// The local (client) port of the connection.
    var localPort: Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return found == 0 ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw ChurnError("send: errno \(errno)") }
            sent += count
        }
    }

    /// Reads until `enough` holds for the text so far, the peer closes, or `seconds` pass.
    func read(until enough: (String) -> Bool, within seconds: Double) -> Bool {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while ContinuousClock.now < deadline {
            var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&polled, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return enough(String(decoding: received, as: UTF8.self)) }
            received += buffer[..<count]
            if enough(String(decoding: received, as: UTF8.self)) { return true }
        }
        return false
    }

    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }
}
