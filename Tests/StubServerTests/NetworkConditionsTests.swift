import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Network conditions: the headers after the link's latency, the body paced
/// at its rate, per stub or for the whole server; measured with curl's own
/// timings. The bounds asserted are the server's guarantees (it never sends
/// sooner or faster than the link allows); a busy machine only adds time.
@Suite struct NetworkConditionsTests {
    struct Timing {
        var firstByte: Double
        var bytesPerSecond: Double
        var size: Int
        var status: Int
    }

    static func curl(_ url: URL) async throws -> Timing {
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"),
                                                  ["-s", "-o", "/dev/null", "-w", "%{http_code} %{time_starttransfer} %{speed_download} %{size_download}", url.absoluteString])
        let parts = run.output.split(separator: " ").map(String.init)
        guard parts.count == 4, let status = Int(parts[0]), let first = Double(parts[1]), let speed = Double(parts[2]), let size = Int(parts[3]) else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "curl printed \(run.output) \(run.errors)"])
        }
        return Timing(firstByte: first, bytesPerSecond: speed, size: size, status: status)
    }

    static let body = String(repeating: "0123456789", count: 3_000) // 30,000 bytes

    @Test func aStubsLinkDelaysTheFirstByteAndPacesTheBody() async throws {
        let link = NetworkConditions(latency: .milliseconds(100), bytesPerSecond: 100_000)
        let server = try StubServer.start(.stubs {
            Get("/big").respond(.text(Self.body)).delay(.network(link))
            Get("/plain").respond(.text(Self.body))
        })
        defer { server.stop() }
        let paced = try await Self.curl(server.url("/big"))
        #expect(paced.status == 200 && paced.size == 30_000)
        #expect(paced.firstByte >= 0.1, "no byte before the latency: \(paced.firstByte) s")
        #expect(paced.bytesPerSecond <= 100_000 * 1.02, "never faster than the link: \(paced.bytesPerSecond) B/s")
        let duration = try #require(await AnswerDurationTests.duration(server, "/big"))
        #expect(duration >= .milliseconds(400), "latency 100 ms + 30,000 B at 100,000 B/s")

        let plain = try await Self.curl(server.url("/plain"))
        #expect(plain.size == 30_000, "a stub without conditions is not throttled")
    }

    @Test func theServersConditionsApplyWhereAStubHasNoDelay() async throws {
        var configuration = StubServer.Configuration.default
        configuration.networkConditions = NetworkConditions(latency: .milliseconds(60))
        let server = try StubServer.start(.stubs(configuration: configuration) {
            Get("/default").respond(.text("x"))
            Get("/own").respond(.text("y")).delay(.milliseconds(1))
        })
        defer { server.stop() }
        #expect(try await Self.curl(server.url("/default")).firstByte >= 0.06)
        server.setNetworkConditions(.slowWiFi)
        #expect(try await Self.curl(server.url("/default")).firstByte >= 0.04)
        server.setNetworkConditions(nil)
        _ = try await Self.curl(server.url("/default"))
        let durations = server.journal.entries.map(\.duration)
        #expect(durations.count == 3)
    }

    @Test func inProcessTheSameLinkTakesTheSameTime() async throws {
        let server = try StubServer.start(.stubs {
            Get("/big").respond(.text(Self.body)).delay(.network(NetworkConditions(latency: .milliseconds(50), bytesPerSecond: 200_000)))
        }.transport(.inProcess))
        defer { server.stop() }
        let (data, _) = try await server.session.data(from: server.url("/big"))
        #expect(data.count == 30_000)
        let duration = try #require(server.journal.entries.first?.duration)
        #expect(duration >= .milliseconds(200), "latency 50 ms + 30,000 B at 200,000 B/s: \(duration)")
    }

    @Test func presetsAreNamedAndBadConditionsRefused() throws {
        #expect(NetworkConditions.preset(named: "slow-3g") == .slow3G)
        #expect(NetworkConditions.slow3G.description == "slow-3g")
        #expect(NetworkConditions.presets.count == 5)
        #expect(NetworkConditions.slow3G.transfer(of: 50_000) == .seconds(1))
        #expect(NetworkConditions(latency: .zero, bytesPerSecond: 1_000).pieces(for: 10_000) == 200, "one piece per 50 ms")
        let bad = Get("/x").delay(.network(NetworkConditions(latency: .zero, bytesPerSecond: 0)))
        #expect(bad.problem?.contains("a rate of at least 1 byte a second") == true)
    }
}
