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
/// (`--reference URL`, the C libmicrohttpd server). Prints one JSON line
/// with the median, p90 and wall time of each.
struct SuiteCost {
    let arguments: Options

    func run() throws {
        let tests = try arguments.int("tests", default: 1_000)
        let reference = try arguments.string("reference")
        let session = URLSession(configuration: .ephemeral)
        let stubs = (0..<20).map { index in
            Get("/items/\(index)").respond(.json(#"{"id":\#(index),"name":"item \#(index)"}"#))
        }
        let inProcess = try Self.measure(tests) {
            let server = try StubServer.start(.stubs(stubs))
            defer { server.stop() }
            for index in 0..<3 { try Self.get(session, server.url("/items/\(index)")) }
            guard server.journal.count == 3 else { throw SuiteCostError("expected 3 requests, the journal holds \(server.journal.count)") }
        }
        let floor = try Self.measure(tests) {
            for _ in 0..<3 { try Self.get(session, URL(string: reference + "/fixed")!) }
        }
        let report: [String: Any] = [
            "tests": tests,
            "inProcess": ["medianMicros": inProcess.median, "p90Micros": inProcess.p90, "wallSeconds": inProcess.wall],
            "floor": ["medianMicros": floor.median, "p90Micros": floor.p90, "wallSeconds": floor.wall],
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
    }

    /// One GET, waited for; throws unless it answers 200.
    private static func get(_ session: URLSession, _ url: URL) throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = 0
        session.dataTask(with: url) { _, response, _ in
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        done.wait()
        guard status == 200 else { throw SuiteCostError("\(url) answered \(status)") }
    }

    private static func measure(_ tests: Int, _ body: () throws -> Void) throws -> (median: Double, p90: Double, wall: Double) {
        let clock = ContinuousClock()
        var micros: [Double] = []
        let started = clock.now
        for _ in 0..<tests {
            let elapsed = try clock.measure(body)
            micros.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        let wall = clock.now - started
        micros.sort()
        return (micros[micros.count / 2], micros[micros.count * 9 / 10],
                Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)
    }
}

struct SuiteCostError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
