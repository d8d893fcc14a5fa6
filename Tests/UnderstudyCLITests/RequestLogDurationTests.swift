import Foundation
import Logging
import StubKit
import StubServer
import Synchronization
import Testing
import UnderstudyCLI
import UnderstudyTestSupport

/// `understudy serve` logs how long each answer took: on the request's line
/// when it went out at once, and on a second line (`↳ #2 200 GET /slow
/// answered in …`) for one that went out later.
@Suite struct RequestLogDurationTests {
    @Test func theLogShowsHowLongEachAnswerTook() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("timed.yaml")
        try """
        stubs:
          - id: now
            request: { method: GET, path: /now }
            response: { body: now }
          - id: slow
            request: { method: GET, path: /slow }
            response: { body: slow }
            delay: 30ms
        """.write(to: spec, atomically: true, encoding: .utf8)
        let served = try await CommandLineSpecTests.Served([spec.path])
        defer { served.kill() }
        let client = HTTPClient()
        defer { client.close() }
        _ = try await client.get(URL(string: served.url + "/now")!)
        _ = try await client.get(URL(string: served.url + "/slow")!)
        // The delayed answer's time is on its own line when the log saw it sent, else on a second line.
        let timed = #"(GET /slow → slow \(.*\) \([0-9.]+ m?s\)|200 GET /slow answered in [0-9.]+ m?s)"#
        let log = await served.readLog { $0.range(of: timed, options: .regularExpression) != nil }
        let lines = log.split(separator: "\n").map(String.init)
        let now = try #require(lines.first { $0.contains("GET /now → now") }, "\(log)")
        #expect(now.range(of: #"\([0-9.]+ m?s\)$"#, options: .regularExpression) != nil, "the time on the line: \(now)")
    }

    /// Collects what a logger logs.
    struct Collected: LogHandler {
        let into: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { into.lines.withLock { $0.append("\(event.message)") } }
    }

    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func anAnswerLoggedBeforeItWentOutGetsASecondLine() async throws {
        let server = try StubServer.start(.stubs { Get("/held").held() })
        defer { server.stop() }
        let collected = Lines()
        let log = RequestLog(server: server, logger: Logger(label: "test") { _ in Collected(into: collected) }, colour: false)
        let client = HTTPClient()
        defer { client.close() }
        let reply = Task { try await client.get(server.url("/held")) }
        let call = try await server.intercept(Get("/held"))
        log.flush()
        #expect(collected.all.last?.hasPrefix("✓ … GET /held → ") == true, "\(collected.all)")
        call.respond(.text("done"))
        _ = try await reply.value
        log.flush()
        let second = try #require(collected.all.last)
        #expect(second.range(of: #"^  ↳ #1 200 GET /held answered in [0-9.]+ m?s$"#, options: .regularExpression) != nil, "\(second)")
    }
}

/// `serve --network`: every answer crosses the link; a bad value is refused.
@Suite struct ServeNetworkTests {
    @Test func serveSendsEveryAnswerAcrossTheNetworkGiven() async throws {
        let served = try await CommandLineSpecTests.Served(["--marvel", "--network", "80ms,1000000"])
        defer { served.kill() }
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"),
                                                  ["-s", "-o", "/dev/null", "-w", "%{http_code} %{time_starttransfer}",
                                                   served.url + "/v1/public/comics?limit=1&" + CommandLineSpecTests.signed])
        let parts = run.output.split(separator: " ")
        #expect(parts.first == "200", "\(run.output)")
        #expect((parts.last.flatMap { Double($0) } ?? 0) >= 0.08, "no byte before the latency: \(run.output)")
    }

    @Test func aBadNetworkIsRefused() async throws {
        let run = try await CommandLineSpecTests.finished(["serve", "--marvel", "--network", "warp-speed"])
        #expect(run.status != 0)
        #expect(run.errors.contains("--network warp-speed: not a preset (edge, slow-3g, fast-3g, fast-4g, slow-wifi)"), "\(run.errors)")
    }

    /// Durations are written with two decimals below a millisecond, one
    /// below a second, two in seconds above, rounded half up from the exact
    /// duration, without a Foundation formatter per log line.
    @Test func durationsAreRoundedToTheirShownDigits() {
        let cases: [(Duration, String)] = [
            (.zero, "0.00 ms"), (.microseconds(270), "0.27 ms"), (.microseconds(5), "0.01 ms"), (.microseconds(4), "0.00 ms"),
            (.microseconds(994), "0.99 ms"), (.microseconds(995), "1.0 ms"), (.microseconds(12_345), "12.3 ms"),
            (.microseconds(16_950), "17.0 ms"), (.microseconds(999_949), "999.9 ms"), (.microseconds(999_950), "1.00 s"),
            (.milliseconds(2_049), "2.05 s"), (.seconds(61), "61.00 s"),
        ]
        for (duration, expected) in cases {
            #expect(RequestLog.shown(duration) == expected, "\(duration)")
        }
        for micros in stride(from: 1, to: 3_000_000, by: 997) {
            let shown = RequestLog.shown(.microseconds(micros))
            let number = Double(shown.split(separator: " ")[0])!
            let (value, unit) = shown.hasSuffix(" s") ? (number * 1_000_000, 10_000.0) : (number * 1000, shown.contains(".") && shown.split(separator: ".")[1].count == 5 ? 10.0 : 100.0)
            #expect(abs(value - Double(micros)) <= unit / 2 + 0.001, "\(micros) µs shown as \(shown)")
        }
    }
}
