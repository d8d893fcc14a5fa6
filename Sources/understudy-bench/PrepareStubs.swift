import Foundation
import StubKit
import StubServer

/// What a test that declares its stubs pays before its server listens: the
/// stubs declared (the DSL) and checked, read and indexed into a `StubSet`,
/// `--times` times. `--stubs 20` (the default) declares the suite
/// benchmark's 20 JSON stubs; one process to profile. Prints one JSON line
/// with the mean microseconds per set.
struct PrepareStubs {
    let arguments: Options

    func run() throws {
        let times = try arguments.int("times", default: 10_000)
        let count = try arguments.int("stubs", default: 20)
        let clock = ContinuousClock()
        var kept = 0
        let elapsed = try clock.measure {
            for _ in 0..<times {
                let stubs = (0..<count).map { index in
                    Get("/items/\(index)").respond(.json(#"{"id":\#(index),"name":"item \#(index)"}"#))
                }
                kept &+= try StubSet(stubs).stubs.count
            }
        }
        let micros = (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(times)
        let report: [String: Any] = ["times": times, "stubs": count, "meanMicros": micros, "kept": kept]
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
    }
}
