import Foundation
#if canImport(Glibc)
import Glibc
#endif
import UnderstudyTestSupport

/// The real WireMock 2.35.1 (the jar inside PyPI `wiremock` 2.7.0, installed
/// by scripts/wiremock), started on a free loopback port with a root folder.
final class WireMockJar {
    let port: Int
    private let process: ChildProcess

    /// The jar's path, or why it is not here.
    static func locate() -> Result<URL, WireMockMissing> {
        if let given = ProcessInfo.processInfo.environment["UNDERSTUDY_WIREMOCK_JAR"] {
            return .success(URL(fileURLWithPath: given))
        }
        let script = "from importlib.resources import files; print(files('wiremock')/'server'/'wiremock-standalone-2.35.1.jar')"
        guard let child = try? ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script]) else {
            return .failure(WireMockMissing(reason: "python3 did not start"))
        }
        let path = child.readToEnd().output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard child.waitForExit() == 0, FileManager.default.fileExists(atPath: path) else {
            return .failure(WireMockMissing(reason: "the wiremock package is not installed (run scripts/wiremock)"))
        }
        return .success(URL(fileURLWithPath: path))
    }

    /// Starts the jar on a free port and waits until its admin API answers.
    init(jar: URL, root: URL) throws {
        port = try Self.freePort()
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "java", "-Xmx256m", "-jar", jar.path, "--port", "\(port)", "--bind-address", "127.0.0.1",
            "--root-dir", root.path, "--disable-banner", "--disable-gzip", "--async-response-enabled", "true",
        ])
        // Readiness: the admin API answers (bounded; Java starts in 2 to 4 s).
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let socket = try? RawSocket(port: port, timeout: 2),
               (try? socket.send("GET /__admin/mappings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) != nil,
               socket.receive().status == 200 { return }
            usleep(100_000)
        }
        process.terminate()
        throw WireMockMissing(reason: "WireMock did not answer within 60 s: \(process.readToEnd().errors.suffix(400))")
    }

    deinit {
        process.terminate()
        _ = process.waitForExit()
    }

    /// A port the system considers free now (bind to 0, read it, close).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw WireMockMissing(reason: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why the real WireMock cannot be used here.
struct WireMockMissing: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
