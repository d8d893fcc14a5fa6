import Foundation
import StubServer

/// Starts and stops a server repeatedly and reports time and leaks as JSON.
struct StartStopCycles {
    let arguments: Options

    func run() throws {
        let cycles = try arguments.int("cycles", default: 1_000)
        let stubs = benchStubs(count: try arguments.int("stubs", default: 100), body: Data(#"{"ok":true}"#.utf8))
        // One warm-up cycle so lazily created runtime state is not counted as a leak.
        try StubServer.start(stubs).stop()
        let fdsBefore = Self.count("/proc/self/fd")
        let threadsBefore = Self.count("/proc/self/task")
        let clock = ContinuousClock()
        var micros: [Double] = []
        micros.reserveCapacity(cycles)
        for _ in 0..<cycles {
            let elapsed = try clock.measure { try StubServer.start(stubs).stop() }
            micros.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        micros.sort()
        let report: [String: Any] = [
            "cycles": cycles,
            "stubs": stubs.count,
            "medianMicros": micros[micros.count / 2],
            "p90Micros": micros[micros.count * 9 / 10],
            "fdsBefore": fdsBefore, "fdsAfter": Self.count("/proc/self/fd"),
            "threadsBefore": threadsBefore, "threadsAfter": Self.count("/proc/self/task"),
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    private static func count(_ directory: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? -1
    }
}
