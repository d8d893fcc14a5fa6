import Foundation
import Testing
import UnderstudyTestSupport

/// `verify` checks something or says why not: examples carry what their
/// stub's guard asks for, each header goes once, and a refusal on one side
/// is drift, never a match of two refusals.
@Suite struct VerifyHonestyTests {
    /// Our spec: every stub behind a bearer token, one stub checking a header
    /// its example also sets, and one stub with the guard lifted.
    static let ours = """
        guard: { bearer: t0ken }
        stubs:
          - id: me
            request: { method: GET, path: /me, headers: { X-Api-Version: "2024-06-20" } }
            response: { json: { id: 1, name: Ada } }
            example: { headers: { X-Api-Version: "2024-06-20" } }
          - id: health
            guard: none
            request: { method: GET, path: /health }
            response: { json: { ok: true } }
        """

    /// Writes `ours` and `live` as spec files, serves `live` with `understudy
    /// serve`, and runs `understudy verify ours --against` it once per entry
    /// of `runs` (extra arguments).
    static func verify(_ ours: String, against live: String, runs: [[String]] = [[]]) async throws
        -> [(status: Int32, output: String, errors: String)] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let oursFile = folder.appendingPathComponent("spec.yaml"), liveFile = folder.appendingPathComponent("live.yaml")
        try ours.write(to: oursFile, atomically: true, encoding: .utf8)
        try live.write(to: liveFile, atomically: true, encoding: .utf8)
        let served = try await CommandLineSpecTests.Served([liveFile.path])
        defer { served.kill() }
        var results: [(status: Int32, output: String, errors: String)] = []
        for run in runs { results.append(try await CommandLineSpecTests.finished(["verify", oursFile.path, "--against", served.url] + run)) }
        await served.stop()
        return results
    }

    /// The live server wants another token and its `/me` drifted (`id` is a
    /// string). Before, examples went without the token, both sides answered
    /// 401 and verify printed "2 ok".
    @Test func aGuardedSpecIsCheckedNotComparedRefusalToRefusal() async throws {
        let drifted = Self.ours.replacingOccurrences(of: "t0ken", with: "live-secret")
            .replacingOccurrences(of: "{ id: 1, name: Ada }", with: #"{ id: "1", name: Ada }"#)
        let results = try await Self.verify(Self.ours, against: drifted, runs: [[], ["--bearer", "live-secret"]])
        let (withSpecToken, withLiveToken) = (results[0], results[1])
        #expect(withSpecToken.status == 1, "\(withSpecToken.output)")
        #expect(withSpecToken.output.contains("DRIFT  200→401   me"))
        #expect(withSpecToken.output.contains("the live server refused what the stub answers; check the credentials sent (a bearer token)"))
        #expect(withSpecToken.output.hasSuffix("1 ok, 1 drifted, 0 skipped\n"))

        #expect(withLiveToken.status == 1, "\(withLiveToken.output)")
        #expect(withLiveToken.output.contains("DRIFT  200       me"))
        #expect(withLiveToken.output.contains("- $.id: number in the stub, string live"))
        #expect(!withLiveToken.output.contains("live-secret") && !withLiveToken.output.contains("t0ken"), "keys are never printed")
    }

    /// Both sides check the header the example sets: sent twice it would read
    /// `2024-06-20,2024-06-20` and match nothing.
    @Test func aHeaderTheExampleSetsIsSentOnce() async throws {
        let liveSpec = Self.ours.replacingOccurrences(of: "t0ken", with: "live-secret")
        let result = try await Self.verify(Self.ours, against: liveSpec, runs: [["--bearer", "live-secret"]])[0]
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix("2 ok, 0 drifted, 0 skipped\n"))
    }

    /// An example another stub answers proves nothing about its own stub.
    @Test func anExampleAnsweredByAnotherStubIsAnError() async throws {
        let spec = """
            stubs:
              - id: everything
                priority: 10
                request: { pathRegex: '^/.*$', headers: { X-Never-Sent: absent } }
                verify: { skip: true }
              - id: me
                request: { method: GET, path: /me }
            """
        let result = try await Self.verify(spec, against: spec)[0]
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("ERROR  200       me"))
        #expect(result.output.contains("spec.yaml:2:5), not this one: give this stub an example only it matches"))
        #expect(result.output.hasSuffix("0 ok, 0 drifted, 1 not checkable, 1 skipped\n"))
    }
}
