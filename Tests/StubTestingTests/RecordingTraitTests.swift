import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubRecording
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// Recording in the test: a test names its recording; `once` records it
/// through the server from the real upstream (a live server here) into
/// `Recordings/NAME` beside the test, redacted, and later adds what it does
/// not answer; `none` plays it back strictly
/// with the upstream gone, failing an unrecorded request with the near-miss
/// report at the test; `all` records it again. Over the socket and in process.
@Suite struct RecordingTraitTests {
    static let upstreamStubs: [Stub] = [
        Get("/v1/users/1").respond(.json(#"{"id":1,"name":"Ada"}"#)),
        Get("/v1/users").query("role", "admin").respond(.json(#"[{"id":1,"name":"Ada"}]"#)),
    ]

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recordings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func get(_ server: StubServer, _ path: String, token: String? = nil) async throws -> (Int, String) {
        var request = URLRequest(url: server.url(path))
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        let (data, response) = try await server.session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func onceRecordsThenNonePlaysBackWithTheUpstreamGone(_ transport: StubTransport) async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let upstream = try StubServer.start(.stubs(Self.upstreamStubs))
        let archive = root.appendingPathComponent("users")
        let recording = TestRecording("users", upstream: upstream.baseURL, mode: .once, folder: archive)

        try await withStubServer(recording: recording, transport: transport) { server async throws in
            #expect(try await Self.get(server, "/v1/users/1", token: "s3cret-token-123") == (200, #"{"id":1,"name":"Ada"}"#))
            #expect(try await Self.get(server, "/v1/users?role=admin") == (200, #"[{"id":1,"name":"Ada"}]"#))
        }
        #expect(upstream.journal.entries.count == 2, "recording went to the upstream")
        let written = try String(contentsOf: archive.appendingPathComponent("recording.yaml"), encoding: .utf8)
        #expect(written.contains("path: /v1/users/1") && written.contains("role: admin"))
        #expect(!written.contains("s3cret-token-123"), "the Authorization header is not written")
        upstream.stop()

        try await withStubServer(recording: TestRecording("users", upstream: upstream.baseURL, mode: .once, folder: archive), transport: transport) { server async throws in
            #expect(try await Self.get(server, "/v1/users/1") == (200, #"{"id":1,"name":"Ada"}"#), "once, with the archive there: played back")
        }
        #expect(!FileManager.default.fileExists(atPath: archive.appendingPathComponent("more-1").path))
        let line = #line + 2
        let issues = await knownIssues {
            try await withStubServer(recording: TestRecording("users", upstream: upstream.baseURL, mode: TestRecording.Mode.none, folder: archive),
                                     transport: transport) { server async throws in
                #expect(try await Self.get(server, "/v1/users?role=admin").0 == 200)
                #expect(try await Self.get(server, "/v1/users/2").0 == 404)
            }
        }
        #expect(issues.count == 1 && issues.first?.sourceLocation?.line == line)
        #expect(issues.first.map { "\($0)" }?.contains("no stub matched GET /v1/users/2") == true, "the near-miss report, at the test")
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func onceAddsWhatTheArchiveDoesNotAnswer(_ transport: StubTransport) async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let archive = root.appendingPathComponent("users")
        let upstream = try StubServer.start(.stubs(Self.upstreamStubs))
        let once = TestRecording("users", upstream: upstream.baseURL, mode: .once, folder: archive)
        try await withStubServer(recording: once, transport: transport) { server async throws in
            _ = try await Self.get(server, "/v1/users/1")
        }
        try await withStubServer(recording: once, transport: transport) { server async throws in
            #expect(try await Self.get(server, "/v1/users/1").0 == 200)
            #expect(try await Self.get(server, "/v1/users?role=admin") == (200, #"[{"id":1,"name":"Ada"}]"#))
        }
        #expect(upstream.journal.entries.map(\.request.target) == ["/v1/users/1", "/v1/users?role=admin"],
                "only what the archive did not answer went to the upstream")
        #expect(FileManager.default.fileExists(atPath: archive.appendingPathComponent("more-1/recording.yaml").path))
        try await withStubServer(recording: once, transport: transport) { server async throws in
            _ = try await Self.get(server, "/v1/users/1")
        }
        #expect(!FileManager.default.fileExists(atPath: archive.appendingPathComponent("more-2").path), "nothing new, nothing added")
        upstream.stop()
        try await withStubServer(recording: TestRecording("users", upstream: upstream.baseURL, mode: TestRecording.Mode.none, folder: archive),
                                 transport: transport) { server async throws in
            #expect(try await Self.get(server, "/v1/users/1").0 == 200)
            #expect(try await Self.get(server, "/v1/users?role=admin").0 == 200, "the addition plays back too")
        }
    }

    @Test func allRecordsAgainAndReplacesTheArchive() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let archive = root.appendingPathComponent("users")
        let first = try StubServer.start(.stubs(Self.upstreamStubs))
        try await withStubServer(recording: TestRecording("users", upstream: first.baseURL, mode: .all, folder: archive)) { server async throws in
            _ = try await Self.get(server, "/v1/users/1")
            _ = try await Self.get(server, "/v1/users?role=admin")
        }
        first.stop()
        let changed = try StubServer.start(.stubs { Get("/v1/users/1").respond(.json(#"{"id":1,"name":"Ada Lovelace"}"#)) })
        defer { changed.stop() }
        try await withStubServer(recording: TestRecording("users", upstream: changed.baseURL, mode: .all, folder: archive)) { server async throws in
            #expect(try await Self.get(server, "/v1/users/1").1 == #"{"id":1,"name":"Ada Lovelace"}"#)
        }
        let written = try String(contentsOf: archive.appendingPathComponent("recording.yaml"), encoding: .utf8)
        #expect(written.contains("Ada Lovelace") && !written.contains("role: admin"), "the archive was replaced whole: \(written)")
    }

    @Test func playbackWithoutAnArchiveFailsBeforeTheTestRuns() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let recording = TestRecording("missing", upstream: URL(string: "http://127.0.0.1:9")!, mode: TestRecording.Mode.none,
                                      folder: root.appendingPathComponent("missing"))
        await #expect {
            try await withStubServer(recording: recording) { _ in Issue.record("the body ran") }
        } throws: { error in
            "\(error)".contains("no recording missing at") && "\(error)".contains("UNDERSTUDY_RECORD=once swift test")
        }
    }

    @Test func theModeComesFromTheEnvironmentWhenTheTestGivesNone() throws {
        #expect(try TestRecording.Mode(environment: [:]) == TestRecording.Mode.none)
        #expect(try TestRecording.Mode(environment: ["UNDERSTUDY_RECORD": " Once "]) == .once)
        #expect(try TestRecording.Mode(environment: ["UNDERSTUDY_RECORD": "all"]) == .all)
        #expect(throws: TestRecordingError.self) { try TestRecording.Mode(environment: ["UNDERSTUDY_RECORD": "rewrite"]) }
        let recording = TestRecording("x", upstream: URL(string: "https://api.example.com")!)
        #expect(recording.folder.path.hasSuffix("Tests/StubTestingTests/Recordings/x"), "beside the test file: \(recording.folder.path)")
        #expect(try recording.resolvedMode(environment: ["UNDERSTUDY_RECORD": "all"]) == .all)
    }

    @Test(.stubServer(recording: "playedBack", upstream: URL(string: "https://api.example.com")!, mode: TestRecording.Mode.none))
    func theTraitPlaysBackAnArchiveBesideTheTest() async throws {
        let server = try #require(StubServer.current)
        #expect(try await Self.get(server, "/v1/users/1") == (200, #"{"id":1,"name":"Ada"}"#))
    }
}
