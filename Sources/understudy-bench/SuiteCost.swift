import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer

/// The user's unit of work, timed: what one test costs with a server per test.
///
/// (a) in process, as the `.stubServer` trait does it: start a server with
/// 20 stubs on port 0, 3 URLSession calls, a count assertion, stop;
/// (b) the floor: the same 3 calls against a server already running
/// (`--reference URL`, the C libmicrohttpd server);
/// (b') that floor on a new connection per test, as a server per test needs:
/// the last call says `Connection: close`, so the next test connects anew;
/// (g) the in-process transport: the same test with `transport: .inProcess`,
/// the calls through `server.session`;
/// (h) its floor: a bare `URLProtocol` of a few lines answering every request
/// with the same bytes, a session made for it per test, the same 3 calls.
/// Prints one JSON line with the median, p90 and wall time of each.
struct SuiteCost {
    let arguments: Options

    func run() throws {
        let tests = try arguments.int("tests", default: 1_000)
        // `--only noSocket,bareProtocol` runs those rows alone (for a profiler).
        let only = Set(try arguments.string("only", default: "").split(separator: ",").map(String.init))
        let session = URLSession(configuration: .ephemeral)
        let stubs = (0..<20).map { index in
            Get("/items/\(index)").respond(.json(#"{"id":\#(index),"name":"item \#(index)"}"#))
        }
        var configuration = StubServer.Configuration.default
        configuration.transport = .inProcess
        let rows: [(name: String, test: () throws -> Void)] = [
            ("inProcess", {
                let server = try StubServer.start(.stubs(stubs))
                defer { server.stop() }
                for index in 0..<3 { try Self.get(session, server.url("/items/\(index)")) }
                guard server.journal.count == 3 else { throw SuiteCostError("expected 3 requests, the journal holds \(server.journal.count)") }
            }),
            ("floor", {
                let reference = try arguments.string("reference")
                for _ in 0..<3 { try Self.get(session, URL(string: reference + "/fixed")!) }
            }),
            ("connectingFloor", {
                let reference = try arguments.string("reference")
                for index in 0..<3 { try Self.get(session, URL(string: reference + "/fixed")!, closing: index == 2) }
            }),
            ("noSocket", {
                let server = try StubServer.start(.stubs(stubs, configuration: configuration))
                defer { server.stop() }
                for index in 0..<3 { try Self.get(server.session, server.url("/items/\(index)")) }
                guard server.journal.count == 3 else { throw SuiteCostError("expected 3 requests, the journal holds \(server.journal.count)") }
            }),
            ("bareProtocol", {
                let configuration = URLSessionConfiguration.ephemeral
                configuration.protocolClasses = [BareStubProtocol.self]
                let bare = URLSession(configuration: configuration)
                defer { bare.invalidateAndCancel() }
                for index in 0..<3 { try Self.get(bare, URL(string: "http://bare.invalid/items/\(index)")!) }
            }),
        ]
        var report: [String: Any] = ["tests": tests]
        for row in rows where only.isEmpty || only.contains(row.name) {
            let figures = try Self.measure(tests, row.test)
            report[row.name] = ["medianMicros": figures.median, "p90Micros": figures.p90, "wallSeconds": figures.wall, "cpuMicros": figures.cpu]
        }
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
    }

    /// One GET, waited for; throws unless it answers 200. `closing` asks
    /// the server to close the connection after answering.
    private static func get(_ session: URLSession, _ url: URL, closing: Bool = false) throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = 0
        var request = URLRequest(url: url)
        if closing { request.setValue("close", forHTTPHeaderField: "Connection") }
        session.dataTask(with: request) { _, response, _ in
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        done.wait()
        guard status == 200 else { throw SuiteCostError("\(url) answered \(status)") }
    }

    /// Median and p90 wall time per test, wall time for all, and the
    /// process's CPU time (every thread, user and system) per test: less
    /// noisy than wall time on a shared machine, where each thread hand-off
    /// waits for a core.
    private static func measure(_ tests: Int, _ body: () throws -> Void) throws -> (median: Double, p90: Double, wall: Double, cpu: Double) {
        let clock = ContinuousClock()
        var micros: [Double] = []
        let started = clock.now
        let cpuBefore = processCPUMicros()
        for _ in 0..<tests {
            let elapsed = try clock.measure(body)
            micros.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        let cpu = (processCPUMicros() - cpuBefore) / Double(tests)
        let wall = clock.now - started
        micros.sort()
        return (micros[micros.count / 2], micros[micros.count * 9 / 10],
                Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18, cpu)
    }

    /// User and system CPU time of the whole process so far, in µs.
    private static func processCPUMicros() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }
}

struct SuiteCostError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The floor of an in-process stub: a `URLProtocol` that answers every
/// request 200 with fixed JSON, and nothing else (no matching, no journal).
final class BareStubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "application/json"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(#"{"id":0,"name":"item 0"}"#.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
