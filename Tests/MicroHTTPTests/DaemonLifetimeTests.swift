import Foundation
import MicroHTTP
import Synchronization
import Testing
import UnderstudyTestSupport

/// Binding, errors, suspension and stopping.
@Suite struct DaemonLifetimeTests {
    @Test func bindingAPortInUseNamesTheAddressAndReason() throws {
        let first = try Daemon { _ in .closeConnection }
        defer { first.stop() }
        #expect {
            try Daemon(DaemonConfiguration(port: first.port)) { _ in .closeConnection }
        } throws: { error in
            guard case .bindFailed(let address, _, let reason) = error as? DaemonError else { return false }
            return address == "127.0.0.1:\(first.port)" && reason == "Address already in use"
                && "\(error)" == "cannot listen on 127.0.0.1:\(first.port): Address already in use (errno 98)"
        }
    }

    @Test func aHostThatIsNotAnAddressIsRefused() {
        #expect(throws: DaemonError.invalidHost("example.com")) {
            try Daemon(DaemonConfiguration(host: "example.com")) { _ in .closeConnection }
        }
    }

    @Test func anOutOfRangePortIsRefused() {
        #expect(throws: DaemonError.invalidConfiguration("port 70000 is not in 0...65535")) {
            try Daemon(DaemonConfiguration(port: 70000)) { _ in .closeConnection }
        }
    }

    @Test(arguments: [
        (DaemonConfiguration(threadCount: 0), "threadCount 0 is not in 1...1024"),
        (DaemonConfiguration(connectionLimit: 1 << 40), "connectionLimit 1099511627776 is not in 1...1000000"),
        (DaemonConfiguration(connectionTimeoutSeconds: -1), "connectionTimeoutSeconds -1 is not in 0...86400 (0: never)"),
        (DaemonConfiguration(listenBacklog: Int.max), "listenBacklog \(Int.max) is not in 1...65535"),
    ])
    func outOfRangeSettingsAreRefusedNotTrapped(configuration: DaemonConfiguration, message: String) {
        #expect(throws: DaemonError.invalidConfiguration(message)) {
            try Daemon(configuration) { _ in .closeConnection }
        }
    }

    @Test func localhostMeansIPv4Loopback() throws {
        let daemon = try Daemon(DaemonConfiguration(host: "localhost")) { _ in .closeConnection }
        defer { daemon.stop() }
        #expect(daemon.host == "127.0.0.1")
    }

    @Test func servesOnIPv6LoopbackWhenAsked() async throws {
        let started = Result { () throws(DaemonError) -> Daemon in
            try Daemon(DaemonConfiguration(host: "::1")) { request in
                .response(HTTPResponse(status: 200, text: request.remoteAddress))
            }
        }
        // A machine without an IPv6 loopback cannot bind ::1; nothing to check there.
        guard case .success(let daemon) = started else { return }
        defer { daemon.stop() }
        #expect(daemon.address == "[::1]:\(daemon.port)")
        // FoundationNetworking's URLSession rejects IPv6 literal URLs, so a raw socket it is.
        let socket = try RawSocket(host: "::1", port: daemon.port)
        try socket.send("GET / HTTP/1.1\r\nHost: [::1]\r\n\r\n")
        let reply = await socket.receiveResponse()
        #expect(reply.status == 200)
        #expect(reply.text.contains("\r\n\r\n[::1]:"))
    }

    /// With two threads the port is held by two descriptors, one per loop's daemon: stop closes both.
    @Test(arguments: [1, 2]) func stopIsIdempotentAndReleasesThePort(threads: Int) throws {
        let daemon = try Daemon(DaemonConfiguration(threadCount: threads)) { _ in .closeConnection }
        let port = daemon.port
        daemon.stop()
        daemon.stop()
        #expect(!daemon.isRunning)
        let again = try Daemon(DaemonConfiguration(port: port)) { _ in .closeConnection }
        again.stop()
    }

    @Test func concurrentStopsAllReturnAfterTheDaemonStopped() async throws {
        let daemon = try Daemon { _ in .closeConnection }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { daemon.stop(); return daemon.isRunning } }
            for await running in group { #expect(!running) }
        }
    }
}
