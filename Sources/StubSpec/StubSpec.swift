public import Foundation
public import StubKit
import DocumentReader

/// A spec file: the serialized form of the stubs the DSL builds, in YAML or
/// JSON (the same schema; JSON is read as YAML, so errors carry lines and
/// columns either way). See `docs/spec-format.md`.
///
/// ```yaml
/// guard: { marvel: { publicKey: "1234", privateKey: "abcd" } }
/// stubs:
///   - request: { method: GET, path: /v1/public/characters, query: { nameStartsWith: Spi } }
///     response: { marvel: { results: { file: marvel/characters.json } } }
/// ```
public struct StubSpec: Sendable {
    /// The file, as named to `load(_:)`.
    public var name: String
    /// The stubs, in declaration order.
    public var entries: [SpecStub]
    /// The folder `file:` paths are read from.
    public var fixturesDirectory: URL
    /// What loaded but a reader should know: declared placeholders the
    /// environment does not set, when read with ``UnsetPlaceholders/noted``.
    public var notes: [StubProblem] = []

    /// What a declared `${NAME}` placeholder the environment does not set is.
    public enum UnsetPlaceholders: Sendable {
        /// A problem: the file does not load (serving, where the value is needed).
        case refused
        /// A note: the file is checked with `${NAME}` as written (`lint`, so a
        /// fresh recording passes before its secrets are exported).
        case noted
    }

    /// The stubs alone, ready for `StubServer.start`.
    public var stubs: [Stub] { entries.map(\.stub) }

    static let topLevelKeys = ["fixtures", "guard", "placeholders", "stubs"]

    /// Loads the spec at `url`; `name` is how messages name it (the path as
    /// given by default). `${NAME}` placeholders the file declares are read
    /// from `environment`; plug-in keywords from `plugins` (the registered ones
    /// by default, `StubPlugins`).
    ///
    /// - Throws: `StubValidationError` with every problem found, each with file, line, column and key.
    public static func load(
        _ url: URL, name: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        plugins: [StubPlugin] = StubPlugins.all, unsetPlaceholders: UnsetPlaceholders = .refused
    ) throws -> StubSpec {
        let shown = name ?? url.relativePath
        let text = try DocumentText.text(of: url, name: shown)
        return try parse(text, name: shown, filePath: url.standardizedFileURL.path, directory: url.deletingLastPathComponent(),
                         environment: environment, plugins: plugins, unsetPlaceholders: unsetPlaceholders)
    }

    /// Reads a spec from `text`; `file:` paths are relative to `directory`,
    /// declared placeholders are read from `environment`, plug-in keywords
    /// from `plugins` (the registered ones by default).
    ///
    /// - Throws: `StubValidationError`.
    public static func parse(
        _ text: String, name: String, filePath: String = "", directory: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment, plugins: [StubPlugin] = StubPlugins.all,
        unsetPlaceholders: UnsetPlaceholders = .refused
    ) throws -> StubSpec {
        var top = try DocumentText.root(of: text, name: name)
        var reading = DocumentReading()
        guard var fields = reading.members(top, allowed: topLevelKeys) else { throw StubValidationError(problems: reading.problems) }
        var values: [String: String] = [:]
        var notes: [StubProblem]? = unsetPlaceholders == .noted ? [] : nil
        if let node = fields["placeholders"] {
            values = SpecPlaceholders.values(node, environment: environment, reading: &reading, notes: &notes)
            guard reading.problems.isEmpty else { throw StubValidationError(problems: reading.problems) }
            top = top.holding(SpecPlaceholders.substitute(top.node, values))
            fields = reading.members(top, allowed: topLevelKeys) ?? fields
        }

        var fixtures = directory
        if let node = fields["fixtures"], let folder = reading.string(node) {
            if folder.hasPrefix("/") {
                reading.fail(node, "fixtures must be a folder relative to the spec, got an absolute path")
            } else {
                fixtures = directory.appendingPathComponent(folder, isDirectory: true).standardizedFileURL
            }
        }
        var reader = SpecStubReader(reading: reading, fixtures: fixtures, fileID: name, filePath: filePath, plugins: plugins)
        reader.placeholders = values
        if let node = fields["guard"] { reader.defaultGuard = reader.guardValue(node) }
        var entries: [SpecStub] = []
        if let node = fields["stubs"] {
            for item in reader.reading.items(node) ?? [] {
                if let entry = reader.stub(item) { entries.append(entry) }
            }
        } else {
            reader.reading.fail(top, "a spec needs a stubs list")
        }
        if reader.reading.problems.isEmpty {
            // The checks every stub list passes: patterns that cannot work, stubs that can never answer.
            do {
                _ = try StubValidation.check(entries.map(\.stub), fixtures: fixtures)
            } catch let error as StubValidationError {
                reader.reading.problems += error.problems.map { problem in
                    // Located at the stub's line in this file; a `declared:` site is named in the message.
                    var located = problem
                    let index = entries.firstIndex { $0.stub.location == problem.location } ?? 0
                    located.subject = "stubs[\(index)]"
                    if let entry = entries.indices.contains(index) ? entries[index] : nil, entry.specLocation != problem.location {
                        located.location = entry.specLocation
                        located.message += " (declared at \(problem.location))"
                    }
                    return located
                }
            } catch {
                reader.reading.problems.append(StubProblem(file: name, line: 1, column: 1, key: "", message: "\(error)"))
            }
        }
        guard reader.reading.problems.isEmpty else {
            throw StubValidationError(problems: reader.reading.problems.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
        }
        return StubSpec(name: name, entries: entries, fixturesDirectory: fixtures, notes: notes ?? [])
    }
}

extension StubSpec {
    /// A spec's `request:` block on its own (YAML or JSON), as a pattern:
    /// what a remote `next(matching:)` sends to wait for.
    ///
    /// - Throws: ``StubValidationError``, located in `name`.
    /// One plain response as a spec file writes it (`{"status": 200, "json": {…}}`):
    /// what the admin API answers a held call with.
    package static func response(_ text: String, name: String) throws -> StubResponse {
        let top = try DocumentText.root(of: text, name: name)
        var reader = SpecStubReader(fixtures: URL(fileURLWithPath: "/"), fileID: name, filePath: "", plugins: StubPlugins.all)
        return try reader.plainResponse(top)
    }

    /// `{"fault": "connectionReset", "response": {…}}`: a fault, and the
    /// response it breaks (an empty 200 when none is given).
    package static func failure(_ text: String, name: String) throws -> (fault: Fault, response: StubResponse) {
        let top = try DocumentText.root(of: text, name: name)
        var reader = SpecStubReader(fixtures: URL(fileURLWithPath: "/"), fileID: name, filePath: "", plugins: StubPlugins.all)
        guard let fields = reader.reading.members(top, allowed: ["fault", "response"]) else {
            throw StubValidationError(problems: reader.reading.problems)
        }
        guard let faultNode = fields["fault"] else {
            reader.reading.fail(top, "a failure needs fault: (closeWithoutResponse, connectionReset, malformedChunk, garbageThenClose, { truncatedBody: n })")
            throw StubValidationError(problems: reader.reading.problems)
        }
        let fault = reader.fault(faultNode)
        let response = try fields["response"].map { try reader.plainResponse($0) } ?? StubResponse()
        guard let fault, reader.reading.problems.isEmpty else { throw StubValidationError(problems: reader.reading.problems) }
        return (fault, response)
    }

    package static func requestPattern(_ text: String, name: String) throws -> RequestPattern {
        let top = try DocumentText.root(of: text, name: name)
        var reader = SpecStubReader(fixtures: URL(fileURLWithPath: "/"), fileID: name, filePath: "", plugins: StubPlugins.all)
        let pattern = reader.request(top)
        if let pattern, let problem = pattern.problem { reader.reading.fail(top, problem) }
        guard let pattern, reader.reading.problems.isEmpty else { throw StubValidationError(problems: reader.reading.problems) }
        return pattern
    }
}
