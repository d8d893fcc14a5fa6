import Foundation
@testable import MicroHTTP
import StubTLS
import Testing
import UnderstudyTestSupport

/// A connection handed over after a 101, as the daemon hands it over.
@Suite struct DaemonUpgradeTests {
    /// A daemon whose every request is switched: the handover reports
    /// whether the client's socket sends each write at once, then says "ok".
    static func switching(_ configuration: DaemonConfiguration) throws -> (Daemon, AsyncStream<Bool>) {
        let (reports, report) = AsyncStream<Bool>.makeStream()
        let daemon = try Daemon(configuration) { _ in
            .upgrade(head: HTTPResponse(status: 101, headers: [("Upgrade", "websocket")]), accept: { channel in
                report.yield((channel as? UpgradedSocket)?.sendsEachWriteAtOnce ?? false)
                channel.send([0x81, 0x02, 0x6F, 0x6B])
                channel.close()
            })
        }
        return (daemon, reports)
    }

    // A WebSocket reply of several messages is several writes; with Nagle's
    // algorithm on, each after the first waited for the client's delayed ACK.
    // With two threads, the connection is handed back to the daemon (of two) that switched it.
    @Test(arguments: [1, 2]) func anUpgradedConnectionSendsEachWriteAtOnce(threads: Int) async throws {
        let (daemon, reports) = try Self.switching(DaemonConfiguration(threadCount: threads))
        defer { daemon.stop() }
        let client = try await RawWebSocket.open(port: daemon.port, path: "/")
        #expect(client.handshake.status == 101)
        #expect(await reports.first { _ in true } == true)
        let (frames, _) = await client.frames(until: { !$0.isEmpty })
        #expect(frames.first?.payload == Array("ok".utf8))
    }

    // Over TLS the handed-over socket is one end of a socket pair; the
    // client's TCP socket, which libmicrohttpd writes to, is the one that counts.
    @Test func anUpgradedTLSConnectionSendsEachWriteAtOnce() async throws {
        let authority = try ThrowawayCertificateAuthority()
        let leaf = try authority.issue(.server(hosts: ["127.0.0.1"]))
        var configuration = DaemonConfiguration()
        configuration.tls = TLSCredentials(certificateChainPEM: leaf.certificatePEM, privateKeyPEM: leaf.privateKeyPEM)
        let (daemon, reports) = try Self.switching(configuration)
        defer { daemon.stop() }
        let ca = FileManager.default.temporaryDirectory.appendingPathComponent("upgrade-ca-\(UUID().uuidString).pem")
        try authority.certificatePEM.write(to: ca, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: ca) }
        let script = """
        import socket, ssl, sys
        context = ssl.create_default_context(cafile=sys.argv[2])
        with context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=30), server_hostname="127.0.0.1") as s:
            s.sendall(b"GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\n\\r\\n")
            seen = b""
            while b"ok" not in seen.partition(b"\\r\\n\\r\\n")[2]:
                chunk = s.recv(4096)
                if not chunk: break
                seen += chunk
            print(seen.split(b"\\r\\n")[0].decode(), seen.endswith(b"ok"))
        """
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(daemon.port), ca.path])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        #expect(run.output.contains("HTTP/1.1 101") && run.output.contains("True"), "\(run.output)")
        #expect(await reports.first { _ in true } == true)
    }
}
