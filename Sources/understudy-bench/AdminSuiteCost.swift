import Foundation

/// One test's cost through WireMock's admin API, as a WireMock user's test
/// pays it against one long-running server: reset, post 20 mappings, 3 calls,
/// count the requests. Each server (`--ours PORT`, `--wiremock PORT`) gets
/// `--warmup` untimed tests (the JVM's JIT most of all), then `--tests` timed
/// ones in two halves, the order reversed for the second. Every call goes
/// through one ``LoopbackConnection`` per server, the same driver for both.
/// With `--import`, the 20 mappings go in one `POST /__admin/mappings/import`
/// (WireMock's bulk route) instead. With `--distinct`, every test posts
/// mappings no test posted before (its number in each body), as a suite
/// whose tests each bring their own does. With `--floor PORT` (the C reference),
/// the same driver also sends 25 plain GETs per test there: the round trips
/// alone, what no server can go under on this machine. Prints one JSON line.
struct AdminSuiteCost {
    let arguments: Options

    func run() throws {
        let tests = try arguments.int("tests", default: 1_000)
        let warmup = try arguments.int("warmup", default: 200)
        let bulk = (try? arguments.string("import")) != nil
        let distinct = (try? arguments.string("distinct")) != nil
        var servers = [
            Server(name: "ours", connection: try LoopbackConnection(port: try arguments.int("ours")), bulk: bulk, distinct: distinct),
            Server(name: "wiremock", connection: try LoopbackConnection(port: try arguments.int("wiremock")), bulk: bulk, distinct: distinct),
        ]
        if let floor = try? arguments.int("floor") {
            servers.append(Server(name: "floor", connection: try LoopbackConnection(port: floor), bulk: bulk, distinct: false, roundTripsOnly: true))
        }
        for index in servers.indices {
            for _ in 0..<warmup { _ = try servers[index].test() }
        }
        var times: [String: [Double]] = [:]
        for round in 0..<2 {
            for index in (round == 0 ? Array(servers.indices) : servers.indices.reversed()) {
                for _ in 0..<(tests / 2) { times[servers[index].name, default: []].append(try servers[index].test()) }
            }
        }
        var report: [String: Any] = ["tests": tests, "warmup": warmup, "bulk": bulk, "distinct": distinct]
        for (name, micros) in times {
            let sorted = micros.sorted()
            report[name] = ["medianMicros": sorted[sorted.count / 2], "p90Micros": sorted[sorted.count * 9 / 10],
                            "wallSeconds": micros.reduce(0, +) / 1e6]
        }
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
    }

    /// One server and what a test sends it.
    struct Server {
        let name: String
        let connection: LoopbackConnection
        let bulk: Bool
        /// Whether each test's mappings are its own.
        let distinct: Bool
        var roundTripsOnly = false
        /// The tests sent so far, when each has its own mappings.
        private let sent = Counter()

        /// The 20 mappings; a test's own when `test` is given.
        static func mappings(test: Int?) -> [[UInt8]] {
            let suffix = test.map { " of test \($0)" } ?? ""
            return (0..<20).map { index in
                Array(#"{"request":{"method":"GET","url":"/items/\#(index)"},"response":{"status":200,"jsonBody":{"id":\#(index),"name":"item \#(index)\#(suffix)"}}}"#.utf8)
            }
        }
        static func imported(_ mappings: [[UInt8]]) -> [UInt8] {
            Array(#"{"mappings":["#.utf8) + Array(mappings.joined(separator: Array(",".utf8))) + Array("]}".utf8)
        }
        static let shared = mappings(test: nil)
        static let sharedImport = imported(shared)

        final class Counter: @unchecked Sendable {
            var value = 0
        }
        static let count: [UInt8] = Array(#"{"method":"GET","urlPattern":"/items/.*"}"#.utf8)

        /// One test, timed in microseconds; throws at the first wrong answer.
        func test() throws -> Double {
            let clock = ContinuousClock()
            if roundTripsOnly {
                let elapsed = try clock.measure {
                    for _ in 0..<(bulk ? 6 : 25) { try expect(connection.call("GET", "/fixed"), 200, "GET /fixed") }
                }
                return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
            }
            sent.value += 1
            let mappings = distinct ? Self.mappings(test: sent.value) : Self.shared
            let imported = distinct ? Self.imported(mappings) : Self.sharedImport
            let elapsed = try clock.measure {
                try expect(connection.call("POST", "/__admin/reset"), 200, "reset")
                if bulk {
                    try expect(connection.call("POST", "/__admin/mappings/import", body: imported), 200, "import")
                } else {
                    for mapping in mappings { try expect(connection.call("POST", "/__admin/mappings", body: mapping), 201, "mapping") }
                }
                for index in 0..<3 { try expect(connection.call("GET", "/items/\(index)"), 200, "GET /items/\(index)") }
                let counted = try connection.call("POST", "/__admin/requests/count", body: Self.count)
                try expect(counted, 200, "count")
                guard String(decoding: counted.body, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains(#""count":3"#) else {
                    throw SuiteCostError("\(name): expected a count of 3, got \(String(decoding: counted.body, as: UTF8.self))")
                }
            }
            return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        }

        private func expect(_ answer: (status: Int, body: [UInt8]), _ status: Int, _ what: String) throws {
            guard answer.status == status else {
                throw SuiteCostError("\(name): \(what) answered \(answer.status), not \(status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
            }
        }
    }
}
