public import Foundation
public import StubKit
public import StubServer
import StubSpec

/// A test's recording of a real API, kept beside the test as a spec file
/// and fixtures (`Recordings/NAME/recording.yaml`): recorded through the
/// server when the mode says so, played back strictly otherwise. The
/// trait's and `withStubServer`'s `recording:` use it.
///
/// | Mode | Archive there | Archive missing |
/// | --- | --- | --- |
/// | ``Mode/none`` | play back; an unrecorded request fails the test | the test fails before it runs |
/// | ``Mode/once`` | play back; an unrecorded request is recorded and added (`more-N/`) | record every request, write the archive |
/// | ``Mode/all`` | record every request again, replace the archive | record, write the archive |
///
/// The mode is the one given, else the environment's `UNDERSTUDY_RECORD`
/// (`none`, `once`, `all`), else `none`: CI plays back and never reaches the
/// network unless told to.
public struct TestRecording: Sendable {
    /// When requests go to the upstream.
    public enum Mode: String, Sendable, CaseIterable {
        /// Play back only; never reach the upstream.
        case none
        /// Record what is missing: the whole archive when there is none, else
        /// each request the archive does not answer, added beside it.
        case once
        /// Record every request again, replacing the archive.
        case all

        /// The mode `environment` names in `UNDERSTUDY_RECORD`, `none` when it names none.
        ///
        /// - Throws: ``TestRecordingError/unknownMode(_:)`` for any other value.
        public init(environment: [String: String]) throws(TestRecordingError) {
            guard let raw = environment[TestRecording.modeVariable]?.trimmingCharacters(in: .whitespaces).lowercased(), !raw.isEmpty else {
                self = .none
                return
            }
            guard let mode = Mode(rawValue: raw) else { throw .unknownMode(raw) }
            self = mode
        }
    }

    /// The environment variable that picks the mode when a test gives none.
    public static let modeVariable = "UNDERSTUDY_RECORD"
    /// The archive's name: its folder under `Recordings/`.
    public var name: String
    /// Where recorded requests go.
    public var upstream: ProxyTarget
    /// The mode given; `nil` reads `UNDERSTUDY_RECORD`.
    public var mode: Mode?
    /// The archive's folder.
    public var folder: URL
    /// What a recording keeps of each exchange (credentials dropped, secrets as placeholders…).
    public var rules: RecordingRules

    /// The recording `name` of `upstream`, kept in `Recordings/NAME` beside
    /// the file at `filePath` (the test's) unless `folder` says where.
    public init(_ name: String, upstream: URL, mode: Mode? = nil, folder: URL? = nil, rules: RecordingRules = RecordingRules(),
                filePath: StaticString = #filePath) {
        self.name = name
        self.upstream = ProxyTarget(base: upstream)
        self.mode = mode
        self.folder = folder ?? URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
            .appendingPathComponent("Recordings", isDirectory: true).appendingPathComponent(name, isDirectory: true)
        self.rules = rules
    }

    /// The archive's spec file.
    public var specFile: URL { folder.appendingPathComponent(Self.specName) }

    static let specName = "recording.yaml"

    /// The mode that applies now: the one given, else the environment's.
    public func resolvedMode(environment: [String: String] = ProcessInfo.processInfo.environment) throws(TestRecordingError) -> Mode {
        if let mode { return mode }
        return try Mode(environment: environment)
    }

    /// Starts the server the test talks to: the archive's stubs to play
    /// back, or a recorder in front of the upstream.
    ///
    /// - Throws: ``TestRecordingError`` when the mode is unknown, the archive
    ///   is missing in `none` mode, or cannot be read; what starting throws.
    public func start(configuration: StubServer.Configuration = .default, transport: StubTransport? = nil,
                      environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RunningRecording {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { throw TestRecordingError.badName(name) }
        let mode = try resolvedMode(environment: environment)
        let exists = FileManager.default.fileExists(atPath: specFile.path)
        guard exists || mode != .none else { throw TestRecordingError.missing(name: name, file: specFile.path) }
        let recorded = mode == .all || !exists ? [] : try archivedStubs(environment: environment)
        let server = try ServerSetup.stubs(recorded, configuration: configuration).transport(transport).start()
        guard mode != .none else { return RunningRecording(recording: self, server: server, recorder: nil, mode: mode, adds: false) }
        // Recording: every request (a fresh archive), or those the archive does not answer (the recorder's proxy comes last).
        let recorder = Recorder(server: server)
        do {
            try recorder.start(upstream, rules: rules)
        } catch {
            server.stop()
            throw error
        }
        return RunningRecording(recording: self, server: server, recorder: recorder, mode: mode, adds: mode == .once && exists)
    }

    /// The archive's stubs: its spec, then each addition (`more-1/`, `more-2/`, …) in order, their ids prefixed with their folder.
    func archivedStubs(environment: [String: String]) throws -> [Stub] {
        var stubs: [Stub] = []
        for (prefix, file) in [("", specFile)] + additions().map({ ($0.lastPathComponent + "/", $0.appendingPathComponent(Self.specName)) }) {
            do {
                let spec = try StubSpec.load(file, name: "Recordings/\(name)/\(prefix)\(Self.specName)", environment: environment)
                stubs += spec.stubs.map { stub in
                    var stub = stub
                    stub.id = StubID(prefix + stub.id.rawValue)
                    return stub
                }
            } catch {
                throw TestRecordingError.unreadable(name: name, reason: "\(error)")
            }
        }
        return stubs
    }

    /// The folders of the requests added to the archive, in the order they were added.
    func additions() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name -> (Int, URL)? in
            guard name.hasPrefix("more-"), let number = Int(name.dropFirst(5)),
                  FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent(Self.specName).path)
            else { return nil }
            return (number, folder.appendingPathComponent(name, isDirectory: true))
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// A test's server while its recording runs: ``finish()`` writes the
/// archive when it was recording.
public struct RunningRecording: Sendable {
    /// The recording.
    public let recording: TestRecording
    /// The server the test talks to.
    public let server: StubServer
    /// The recorder in front of the upstream, when recording.
    public let recorder: Recorder?
    /// The mode that applied.
    public let mode: TestRecording.Mode
    /// Whether what is recorded is added to an archive that is there (`once`), not written as the archive.
    public let adds: Bool

    /// Whether requests go to the upstream.
    public var isRecording: Bool { recorder != nil }

    /// Stops recording and writes what was recorded, after the secret scan:
    /// the archive (replacing the old one), or, adding to one, a `more-N`
    /// folder beside it; nothing to do in playback or when nothing was new.
    ///
    /// - Returns: what went wrong, for the test to report; empty when all went well.
    public func finish() -> [String] {
        guard let recorder else { return [] }
        let recorded: Recording
        do {
            recorded = try recorder.stop()
        } catch {
            return ["the recording \(recording.name) did not stop: \(error)"]
        }
        var problems = recorded.skipped.map { "the recording \(recording.name): not recorded: \($0)" }
        guard recorded.exchangeCount > 0 else {
            if adds { return problems }
            return problems + ["the recording \(recording.name) recorded nothing: no request reached \(recording.upstream.base.absoluteString)"]
        }
        if adds {
            let next = (recording.additions().last.flatMap { Int($0.lastPathComponent.dropFirst(5)) } ?? 0) + 1
            do {
                try recorded.save(in: recording.folder.appendingPathComponent("more-\(next)", isDirectory: true), specName: TestRecording.specName)
            } catch {
                problems.append("the recording \(recording.name): \(error)")
            }
            return problems
        }
        let staging = recording.folder.deletingLastPathComponent().appendingPathComponent(".\(recording.name).recording-\(UUID().uuidString)")
        do {
            try recorded.save(in: staging, specName: TestRecording.specName)
            // Replace the archive whole, so fixtures of an older recording do not linger.
            try? FileManager.default.removeItem(at: recording.folder)
            try FileManager.default.moveItem(at: staging, to: recording.folder)
        } catch let failure as RecordingNotSaved {
            problems.append("the recording \(recording.name): \(failure)")
        } catch {
            problems.append("the recording \(recording.name) was not written to \(recording.folder.path): \(error.localizedDescription)")
        }
        try? FileManager.default.removeItem(at: staging)
        return problems
    }
}

/// Why a test's recording cannot start.
public enum TestRecordingError: Error, Sendable, CustomStringConvertible {
    /// `UNDERSTUDY_RECORD` names no mode.
    case unknownMode(String)
    /// Playing back, and there is no archive.
    case missing(name: String, file: String)
    /// The archive cannot be read.
    case unreadable(name: String, reason: String)
    /// The name is no folder name.
    case badName(String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .unknownMode(let value):
            return "\(TestRecording.modeVariable)=\(value) names no recording mode; use none, once or all"
        case .missing(let name, let file):
            return "no recording \(name) at \(file); record it once against the real API: \(TestRecording.modeVariable)=once swift test"
        case .unreadable(let name, let reason):
            return "the recording \(name) cannot be read: \(reason)"
        case .badName(let name):
            return "a recording's name is a folder name (no /), not \"\(name)\""
        }
    }
}
