import Foundation
import MicroHTTP
#if canImport(Glibc)
import Glibc
#endif

/// Closes, from outside the daemon, the socket a daemon accepted, as a double
/// `close()` elsewhere in a process does by accident; then lets the daemon
/// notice. libmicrohttpd aborts the process; the test that runs this checks
/// the abort says why. Deterministic: the server's end of a known connection
/// is found through /proc (the socket's inode in /proc/net/tcp).
struct ForeignClose {
    func run() throws {
        let daemon = try Daemon { _ in .response(HTTPResponse(status: 200, text: "ok")) }
        let client = try ChurnSocket(port: daemon.port)
        try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        guard client.read(until: { $0.hasSuffix("ok") }, within: 10) else { throw ChurnError("no answer") }
        guard let clientPort = client.localPort, let serverEnd = Self.descriptor(localPort: daemon.port, remotePort: clientPort) else {
            throw ChurnError("the server's end of the connection was not found in /proc")
        }
        FileHandle.standardOutput.write(Data("closing descriptor \(serverEnd), the daemon's end of 127.0.0.1:\(clientPort) -> \(daemon.port)\n".utf8))
        close(serverEnd)
        client.close() // the daemon sees the end of the connection and cleans it up: the abort
        let deadline = ContinuousClock.now + .seconds(10)
        while daemon.statistics.connectionsOpen > 0, ContinuousClock.now < deadline { usleep(1_000) }
        daemon.stop()
        print("no abort")
    }

    /// The descriptor of this process's TCP socket from `localPort` to `remotePort` on loopback.
    static func descriptor(localPort: Int, remotePort: Int) -> Int32? {
        guard let table = readWhole("/proc/self/net/tcp") else { return nil }
        var inode: String?
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9 else { continue }
            let local = fields[1].split(separator: ":"), remote = fields[2].split(separator: ":")
            if Int(local.last ?? "", radix: 16) == localPort, Int(remote.last ?? "", radix: 16) == remotePort { inode = String(fields[9]) }
        }
        guard let inode, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for entry in entries {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"), target == "socket:[\(inode)]" {
                return Int32(entry)
            }
        }
        return nil
    }

    /// A /proc file read to its end (Foundation's readers trust the size, which /proc reports as 0).
    static func readWhole(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
