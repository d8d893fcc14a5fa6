import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import UnderstudyTestSupport

/// `understudy record` in front of an API that is not ours (Python's
/// `http.server`), replayed by `understudy serve` to curl and URLSession.
@Suite(.serialized) struct RecordForeignTests {
    static let token = "tok/AbC+dEf=1234567890"

    /// `curl -s` through `base`: status and body.
    static func curl(_ base: URL, _ path: String, _ extra: [String] = []) async throws -> (status: Int, body: Data) {
        let marker = "\n--status:"
        let result = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"),
                                                     ["-s", "-w", marker + "%{http_code}"] + extra + [base.absoluteString + path])
        guard let range = result.output.range(of: marker, options: .backwards), let status = Int(result.output[range.upperBound...]) else {
            throw RecordingTestError("curl gave no status: \(result.output) \(result.errors)")
        }
        return (status, Data(result.output[..<range.lowerBound].utf8))
    }

    /// The same JSON value (the recording rewrites JSON with sorted keys, so bytes may differ).
    static func sameJSON(_ first: Data, _ second: Data) -> Bool {
        guard let one = try? JSONSerialization.jsonObject(with: first) as? NSObject,
              let other = try? JSONSerialization.jsonObject(with: second) as? NSObject else { return false }
        return one.isEqual(other)
    }

    /// The image the Python upstream serves.
    static let logo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<40).flatMap { _ in (0...255).map(UInt8.init) })

    @Test func recordsAForeignAPIAndReplaysItToCurlAndURLSession() async throws {
        let upstream = try await PythonUpstream(token: Self.token)
        let folder = try recordingFolder("record-foreign")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try await ReadyProcess(["record", "--target", upstream.url.absoluteString, "--out", folder.path, "--spec", "api.yaml"])
        let auth = ["-H", "Authorization: Bearer \(Self.token)"]
        let greeting = try await Self.curl(recorder.url, "/greeting?lang=en")
        let counts = [try await Self.curl(recorder.url, "/counter"), try await Self.curl(recorder.url, "/counter")]
        let logo = try await Self.curl(recorder.url, "/logo.png")
        let me = try await Self.curl(recorder.url, "/me", auth)
        let created = try await Self.curl(recorder.url, "/items", ["-H", "Content-Type: application/json", "--data", #"{"name":"lamp"}"#])
        #expect(greeting.status == 200 && me.status == 200 && created.status == 201 && logo.status == 200)
        let (status, errors) = await recorder.stop()
        #expect(status == 0, "\(errors)")

        let files = writtenFiles(in: folder)
        #expect(Set(files.keys).isSuperset(of: ["api.yaml", "fixtures/get-logo-png.png"]), "\(files.keys.sorted())")
        let spec = String(decoding: files["api.yaml"] ?? Data(), as: UTF8.self)
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains(Self.token) && !text.contains("sess-0123456789"), "\(path) holds a secret")
        }
        #expect(!spec.contains("Date:") && !spec.contains("Server:") && !spec.contains("Set-Cookie"), "volatile headers are not written")
        #expect(spec.contains("sequence:"), "the counter's two answers are a sequence")

        // Replayed by `understudy serve`, with the upstream gone.
        let lint = try await ChildProcess.finished(try BuiltProducts.url("understudy"), ["lint", folder.appendingPathComponent("api.yaml").path])
        #expect(lint.status == 0, "\(lint.output) \(lint.errors)")
        let replay = try await ReadyProcess(["serve", folder.appendingPathComponent("api.yaml").path, "--quiet"])
        #expect(Self.sameJSON(try await Self.curl(replay.url, "/greeting?lang=en").body, greeting.body))
        let replayedCounts = [try await Self.curl(replay.url, "/counter"), try await Self.curl(replay.url, "/counter"),
                              try await Self.curl(replay.url, "/counter")]
        #expect(zip(replayedCounts.map(\.body), counts.map(\.body) + [counts[1].body]).allSatisfy(Self.sameJSON),
                "a sequence whose last answer repeats")
        #expect(try await Self.curl(replay.url, "/me").status == 200, "the bearer token left the matchers: any caller matches")
        #expect(try await Self.curl(replay.url, "/items", ["-H", "Content-Type: application/json", "--data", #"{"name":"lamp"}"#]).status == 201)
        #expect(try await Self.curl(replay.url, "/items", ["-H", "Content-Type: application/json", "--data", #"{"name":"desk"}"#]).status == 404,
                "a body that was not recorded meets the near-miss report")
        let miss = try await Self.curl(replay.url, "/greeting?lang=fr")
        #expect(miss.status == 404)
        let report = try JSONSerialization.jsonObject(with: miss.body) as? [String: Any]
        let closest = (report?["closestStubs"] as? [[String: Any]])?.first
        let declared = closest?["declaredAt"] as? [String: Any]
        #expect((declared?["filePath"] as? String)?.hasSuffix("/api.yaml") == true && declared?["line"] as? Int == 3,
                "the near miss names the recorded stub's line in the spec: \(String(describing: declared))")

        let session = URLSession(configuration: .ephemeral)
        let (data, response) = try await session.data(from: replay.url.appendingPathComponent("logo.png"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(data == Self.logo, "binary bodies replay byte for byte")
        let (json, _) = try await session.data(from: replay.url.appendingPathComponent("greeting").appending(queryItems: [URLQueryItem(name: "lang", value: "en")]))
        #expect(Self.sameJSON(json, greeting.body))
        session.invalidateAndCancel()
        _ = await replay.stop()
    }

    @Test func aTokenEchoedInAFormTheRecorderCannotMaskRefusesTheRecording() async throws {
        let upstream = try await PythonUpstream(token: Self.token)
        let folder = try recordingFolder("record-refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try await ReadyProcess(["record", "--target", upstream.url.absoluteString, "--out", folder.path])
        // The upstream echoes the token percent-encoded: tok%2FAbC%2BdEf%3D1234567890.
        #expect(try await Self.curl(recorder.url, "/leak", ["-H", "Authorization: Bearer \(Self.token)"]).status == 200)
        let (status, errors) = await recorder.stop()
        #expect(status == 1, "the scan refuses: \(errors)")
        #expect(errors.contains("refused to write the recording") && errors.contains("recording.yaml:"), "\(errors)")
        let files = writtenFiles(in: folder)
        #expect(Array(files.keys) == ["recording-refused.txt"], "only the report is written: \(files.keys.sorted())")
        let report = String(decoding: files["recording-refused.txt"] ?? Data(), as: UTF8.self)
        #expect(report.contains("header Authorization of GET /leak"))
        #expect(!report.contains("AbC") && !errors.contains("AbC"), "the report never shows the secret")
    }

    @Test func theAdminAPIStopsARecordingAndTheRecordedStubsAnswerAtOnce() async throws {
        var upstream: PythonUpstream? = try await PythonUpstream(token: Self.token)
        let folder = try recordingFolder("record-admin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try await ReadyProcess(["record", "--target", upstream!.url.absoluteString, "--out", folder.path, "--quiet"])
        let understudy = try BuiltProducts.url("understudy")
        let recording = try await ChildProcess.finished(understudy, ["admin", recorder.url.absoluteString, "record", "status"])
        #expect(recording.output == "Recording\n")
        let greeting = try await Self.curl(recorder.url, "/greeting")
        let journal = try await ChildProcess.finished(understudy, ["admin", recorder.url.absoluteString, "requests"])
        #expect(journal.output.contains("GET /greeting → 200 (stub understudy-recording-proxy"), "the proxy is in the journal like any stub: \(journal.output)")
        let stop = try await ChildProcess.finished(understudy, ["admin", recorder.url.absoluteString, "record", "stop"])
        #expect(stop.status == 0 && stop.output.contains("1 requests recorded as 1 stubs"), "\(stop.output) \(stop.errors)")
        #expect(writtenFiles(in: folder)["recording.yaml"] != nil, "written when the admin API stops the recording")
        upstream = nil // the upstream is gone; the recorded stub answers
        #expect(Self.sameJSON(try await Self.curl(recorder.url, "/greeting").body, greeting.body))
        let stopped = try await ChildProcess.finished(understudy, ["admin", recorder.url.absoluteString, "record", "status"])
        #expect(stopped.output == "Stopped\n")
        let (status, errors) = await recorder.stop()
        #expect(status == 0, "\(errors)")
    }
}
