import StubSpec
public import StubKit
public import Foundation

/// What a recording session made: stubs ready to be written as one spec file
/// with its fixtures, the placeholders the file needs from the environment,
/// and the secrets the output must not contain.
public struct Recording: Sendable {
    /// A file to write, its path relative to the spec's folder.
    public struct File: Sendable, Hashable {
        /// `marvel.yaml`, `fixtures/get-v1-public-comics.json`.
        public var path: String
        /// The bytes.
        public var data: Data

        /// Creates a file.
        public init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    /// The stubs in first-seen order: placeholders as `${VARIABLE}`, large
    /// bodies as fixtures, no guard (a signed session's guard is the file's).
    public var stubs: [Stub]
    /// The fixture files the stubs read.
    public var fixtures: [File]
    /// `${VARIABLE}` names the written file needs, with what each stands for.
    public var placeholders: [String: String]
    /// The plug-in signing the session used (Marvel's), when it was signed:
    /// the file gets that plug-in's guard.
    public var signing: StubPlugin.RecordingPreset?
    /// Every value seen in a redacted position; never written.
    public var secrets: [SecretValue]
    /// The exchanges recorded (those the upstream answered).
    public var exchangeCount: Int
    /// Exchanges left out, and why.
    public var skipped: [String]
    /// The upstream, for the file's header.
    public var source: String
    /// The stubs as this process can serve them at once (an admin `stop`):
    /// stable secrets as seen, every body inline, no guard. Never written.
    public var replayStubs: [Stub] = []

    /// Whether the session was signed the Marvel way: the file gets a Marvel guard.
    @available(*, deprecated, message: "a signed session names its plug-in's preset: use signing != nil")
    public var isMarvel: Bool { signing != nil }

    /// The guard a replay checks requests with: the signing plug-in's, with the placeholder keys.
    public var guardRule: AuthRule? {
        signing.map { $0.replayGuard("${\($0.keyVariable.name)}", "${\($0.secretVariable.name)}") }
    }

    /// The spec file (YAML, named `specName`) followed by the fixtures.
    ///
    /// - Throws: `StubNotPortable` if a stub cannot be written (a recorded one always can).
    public func files(specName: String) throws(StubNotPortable) -> [File] {
        var members: [(String, WrittenJSON)] = []
        if !placeholders.isEmpty {
            members.append(("placeholders", .object(placeholders.keys.sorted().map { ($0, .string(placeholders[$0] ?? "")) })))
        }
        if let guardRule {
            do {
                members.append(("guard", try SpecWriter.guardRule(guardRule)))
            } catch let reason {
                throw StubNotPortable(stub: "the recording's guard", location: CodeLocation(fileID: specName, filePath: "", line: 1, column: 1),
                                      reason: reason.text)
            }
        }
        var written: [WrittenJSON] = []
        for stub in stubs { written.append(try SpecWriter.stub(stub, style: .readable)) }
        members.append(("stubs", .array(written)))
        var header = "# Recorded by understudy from \(source): \(exchangeCount) request\(exchangeCount == 1 ? "" : "s"), "
            + "\(stubs.count) stub\(stubs.count == 1 ? "" : "s").\n"
        if !placeholders.isEmpty {
            header += "# ${NAME} values are read from the environment when this file is loaded: export "
                + placeholders.keys.sorted().joined(separator: ", ") + ".\n"
        }
        if let signing { header += "# \(signing.note)\n" }
        let spec = File(path: specName, data: Data((header + WrittenYAML.text(.object(members))).utf8))
        return [spec] + fixtures
    }
}
