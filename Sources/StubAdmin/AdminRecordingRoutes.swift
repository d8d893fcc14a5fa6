import Foundation
import StubKit
import StubRecording
import StubServer
import WireMockFormat

/// WireMock's recorder: `POST /recordings/start`, `/stop`, `/snapshot`, `GET /recordings/status`.
///
/// A stop or snapshot answers `{"mappings": […]}` as WireMock does (the
/// recorded stubs as mappings, placeholders and all) and adds `understudy`:
/// the spec file a recording writes, the fixtures it needs, the secret
/// scan's findings, and whether the recorded stubs are served at once, as
/// WireMock's are (not when the scan found a secret, or they cannot be added).
extension AdminAPI {
    /// The record-spec fields understood; others are refused by name.
    static let recordSpecKeys = ["targetBaseUrl", "captureHeaders", "repeatsAsScenarios", "persist", "outputFormat",
                                 "extractBodyCriteria"]

    /// `GET /recordings/status`.
    func recordingStatus() -> StubResponse {
        AdminAnswer.json(.object(["status": .string(recorder.status.rawValue)]))
    }

    /// `POST /recordings/start`: a record spec with `targetBaseUrl`.
    func startRecording(_ call: AdminCall) -> StubResponse {
        let spec: RecordSpec
        switch RecordSpec.read(call.request.body, needsTarget: true) {
        case .success(let read): spec = read
        case .failure(let problem): return problem.answer
        }
        do {
            try recorder.start(ProxyTarget(base: spec.target!), rules: spec.rules)
        } catch {
            return AdminAnswer.error(409, "\(error)")
        }
        return AdminAnswer.ok()
    }

    /// `POST /recordings/stop`: what was recorded, served at once.
    func stopRecording() -> StubResponse {
        let recording: Recording
        do {
            recording = try recorder.stop()
        } catch {
            return AdminAnswer.error(409, "\(error)")
        }
        options.onRecordingStop?(recording)
        return answer(recording, serve: true)
    }

    /// `POST /recordings/snapshot`: the journal so far as a recording.
    func snapshotRecording(_ call: AdminCall) -> StubResponse {
        switch RecordSpec.read(call.request.body, needsTarget: false) {
        case .success(let spec): return answer(recorder.snapshot(rules: spec.rules), serve: spec.persist)
        case .failure(let problem): return problem.answer
        }
    }

    /// `{"mappings": […], "understudy": {"spec", "fixtures", "secretsFound", "skipped"}}`; serves the stubs when `serve`.
    private func answer(_ recording: Recording, serve: Bool) -> StubResponse {
        var mappings: [JSONValue] = []
        var written = ""
        var fixtures: [JSONValue] = []
        var findings: [JSONValue] = []
        do {
            let files = try recording.files(specName: "recording.yaml")
            written = String(decoding: files[0].data, as: UTF8.self)
            fixtures = files.dropFirst().map { .string($0.path) }
            findings = SecretScan.findings(in: files, secrets: recording.secrets).map { .string($0.description) }
            mappings = recording.stubs.map(WireMockJSON.mapping(for:))
        } catch {
            return AdminAnswer.error(500, "\(error)")
        }
        var served: JSONValue = .bool(false)
        if serve, findings.isEmpty, !recording.stubs.isEmpty {
            do {
                try server.add(recording.replayStubs)
                served = .bool(true)
            } catch {
                served = .string("not served: \(error)")
            }
        }
        return AdminAnswer.json(.object([
            "mappings": .array(mappings),
            "understudy": .object([
                "spec": .string(written), "fixtures": .array(fixtures), "secretsFound": .array(findings),
                "skipped": .array(recording.skipped.map(JSONValue.string)),
                "requests": .number(Double(recording.exchangeCount)), "served": served,
            ]),
        ]))
    }
}
