import Foundation
import MarvelFake
import StubServer
import StubTLS

/// Starts and stops a server repeatedly and reports time and leaks as JSON:
/// once from a prepared `StubSet` (the one-server-per-test case) and once
/// from a plain `[Stub]` (which validates and indexes at every start).
struct StartStopCycles {
    let arguments: Options

    func run() throws {
        let cycles = try arguments.int("cycles", default: 1_000)
        let stubs = benchStubs(count: try arguments.int("stubs", default: 100), body: Data(#"{"ok":true}"#.utf8))
        let set = try StubSet(stubs)
        // One warm-up cycle so lazily created runtime state is not counted as a leak.
        try StubServer.start(.stubs(stubs)).stop()
        let fdsBefore = ProcessCounts.descriptors()
        let threadsBefore = ProcessCounts.threads()
        let prepared = try Self.measure(cycles) { try StubServer.start(.prepared(set)).stop() }
        if try arguments.string("only", default: "") == "prepared" {
            // For a profiler: only the one-server-per-test cycle, nothing else in the process's run.
            print(#"{"cycles":\#(cycles),"medianMicros":\#(prepared.median),"p90Micros":\#(prepared.p90)}"#)
            return
        }
        let plain = try Self.measure(cycles) { try StubServer.start(.stubs(stubs)).stop() }
        // The Marvel fake: built once (catalog, 79 stubs, prepared set), then one server per cycle.
        let clock = ContinuousClock()
        _ = MarvelCatalog.standard
        var fake: MarvelFake?
        let build = try clock.measure { fake = try MarvelFake() }
        let marvel = try Self.measure(cycles) { try fake!.start().stop() }
        // HTTPS: a certificate made once, then given to each start; and a new authority and leaf per start.
        let authority = try ThrowawayCertificateAuthority()
        let leaf = try authority.issue(.server(hosts: ["127.0.0.1"]))
        var tlsConfiguration = StubServer.Configuration()
        tlsConfiguration.tls = .certificate(leaf.certificatePEM, key: leaf.privateKeyPEM)
        let tls = try Self.measure(cycles) { try StubServer.start(.prepared(set, configuration: tlsConfiguration)).stop() }
        var generatedConfiguration = StubServer.Configuration()
        generatedConfiguration.tls = .generated
        let generated = try Self.measure(max(cycles / 10, 10)) { try StubServer.start(.prepared(set, configuration: generatedConfiguration)).stop() }
        let report: [String: Any] = [
            "cycles": cycles,
            "stubs": stubs.count,
            "medianMicros": prepared.median, "p90Micros": prepared.p90,
            "unpreparedMedianMicros": plain.median, "unpreparedP90Micros": plain.p90,
            "marvelMedianMicros": marvel.median, "marvelP90Micros": marvel.p90,
            "tlsMedianMicros": tls.median, "tlsP90Micros": tls.p90,
            "tlsGeneratedMedianMicros": generated.median, "tlsGeneratedP90Micros": generated.p90,
            "marvelBuildMicros": Double(build.components.attoseconds) / 1e12 + Double(build.components.seconds) * 1e6,
            "fdsBefore": fdsBefore, "fdsAfter": ProcessCounts.descriptors(),
            "threadsBefore": threadsBefore, "threadsAfter": ProcessCounts.threads(),
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    /// The median and 90th percentile of `cycles` runs of `body`, in microseconds.
    private static func measure(_ cycles: Int, _ body: () throws -> Void) throws -> (median: Double, p90: Double) {
        let clock = ContinuousClock()
        var micros: [Double] = []
        micros.reserveCapacity(cycles)
        for _ in 0..<cycles {
            let elapsed = try clock.measure(body)
            micros.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        micros.sort()
        return (micros[micros.count / 2], micros[micros.count * 9 / 10])
    }
}
