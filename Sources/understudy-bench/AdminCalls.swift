import Foundation
import StubAdmin
import StubKit
import StubServer

/// The admin suite's test (reset, 20 mappings, 3 calls, a count) against a
/// server in this process with the admin API mounted as `understudy serve`
/// mounts it, through the same ``LoopbackConnection``: what a WireMock
/// user's test setup costs the server, one process to profile (callgrind
/// counts it per test, deterministically). `--import yes` posts the 20
/// mappings in one import; `--distinct yes` gives each test its own. Prints one JSON line.
struct AdminCalls {
    let arguments: Options

    func run() throws {
        let tests = try arguments.int("tests", default: 1_000)
        let warmup = try arguments.int("warmup", default: 100)
        let bulk = (try? arguments.string("import")) != nil
        let distinct = (try? arguments.string("distinct")) != nil
        let server = try StubServer.start([Get("/health").respond(.text("ok"))])
        defer { server.stop() }
        AdminAPI.mount(on: server)
        let client = AdminSuiteCost.Server(name: "in-process", connection: try LoopbackConnection(port: server.port), bulk: bulk, distinct: distinct)
        for _ in 0..<warmup { _ = try client.test() }
        var micros: [Double] = []
        for _ in 0..<tests { micros.append(try client.test()) }
        micros.sort()
        let report: [String: Any] = ["tests": tests, "bulk": bulk, "distinct": distinct, "medianMicros": micros[micros.count / 2],
                                     "p90Micros": micros[micros.count * 9 / 10], "wallSeconds": micros.reduce(0, +) / 1e6]
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
    }
}
