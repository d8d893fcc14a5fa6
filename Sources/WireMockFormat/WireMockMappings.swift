import DocumentReader
public import Foundation
public import StubKit

/// WireMock stub mappings read as Understudy stubs: a root folder
/// (`mappings/**/*.json` plus `__files/`), one mapping file, or one
/// document's bytes.
///
/// Stubs come back in match order: WireMock's priority (1 highest, unset 5)
/// becomes `Stub.priority` (`5 - priority`, so unset is Understudy's 0),
/// and among equal priorities the most recently loaded mapping wins, as in
/// WireMock: files load in path order, entries of a file in order, and the
/// list is reversed. Every problem is reported at once, with file, line,
/// column and JSON pointer.
public enum WireMockMappings {
    /// What a load produced: the stubs, and what lenient loading skipped.
    public struct Loaded: Sendable {
        /// The stubs, in match order.
        public var stubs: [Stub]
        /// Mappings left out under `lenient`, each with where and why.
        public var skipped: [StubProblem]
        /// Mappings loaded as WireMock loads them, though something is amiss
        /// (a `bodyFileName` that does not exist: the mapping answers `500`
        /// naming the file until it does), each a warning at its place.
        public var warnings: [StubProblem] = []
        /// The document read, when one document's bytes were (`read(_:file:bodyFiles:lenient:)`),
        /// so a caller that also needs its JSON does not parse it again.
        public var document: JSONValue?

        init(stubs: [Stub], skipped: [StubProblem], warnings: [StubProblem] = [], document: JSONValue? = nil) {
            self.stubs = stubs
            self.skipped = skipped
            self.warnings = warnings
            self.document = document
        }
    }

    /// Whether `folder` looks like a WireMock root: it has a `mappings` folder.
    public static func isRoot(_ folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("mappings").path, isDirectory: &isFolder)
            && isFolder.boolValue
    }

    /// Loads every `*.json` under `root/mappings` (sub-folders too); body files
    /// come from `root/__files` and cannot escape it.
    ///
    /// - Parameters:
    ///   - root: the folder with `mappings/` and `__files/`.
    ///   - lenient: serve what translates and list the mappings that use what
    ///     Understudy cannot serve, instead of refusing the lot.
    ///   - templating: which mappings render as templates (`.local`: those
    ///     naming `response-template`, as WireMock does by default).
    /// - Throws: `StubValidationError` with every problem found.
    public static func load(root: URL, lenient: Bool = false, templating: WireMockTemplating = .local) throws(StubValidationError) -> Loaded {
        let mappings = root.appendingPathComponent("mappings")
        let files = (FileManager.default.enumerator(at: mappings, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension.lowercased() == "json" }
            .map(\.standardizedFileURL).map { ($0.path, $0) }
            .sorted { $0.0 < $1.0 } // by the path made once: URL.path is not free, and a root may hold thousands
            .map(\.1)
        let base = root.standardizedFileURL.path, bodyFiles = root.appendingPathComponent("__files")
        // Each file reads by itself, so the files are read in runs, one per
        // core, and put together in order: the same stubs and problems as
        // one pass, in the same order.
        let runs = Concurrently.runs(of: files, parts: min(Concurrently.cores, files.count / filesPerPart)) { run in
            run.map { file in
                Result { () throws(StubValidationError) in
                    try read(contentsOf: file, named: displayName(of: file, under: base), bodyFiles: bodyFiles,
                             lenient: lenient, templating: templating, inMatchOrder: false)
                }
            }
        }
        var stubs: [Stub] = []
        var problems: [StubProblem] = []
        var skipped: [StubProblem] = []
        var warnings: [StubProblem] = []
        for result in runs.joined() {
            switch result {
            case .success(let loaded):
                stubs += loaded.stubs
                skipped += loaded.skipped
                warnings += loaded.warnings
            case .failure(let error):
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw StubValidationError(problems: problems) }
        return try validated(Loaded(stubs: stubs.reversed(), skipped: skipped, warnings: warnings))
    }

    /// Loads one mapping file; body files come from `bodyFiles` (by default
    /// the `__files` folder beside the file's `mappings` folder).
    public static func load(file: URL, bodyFiles: URL? = nil, lenient: Bool = false,
                            templating: WireMockTemplating = .local) throws(StubValidationError) -> Loaded {
        let folder = bodyFiles ?? defaultBodyFiles(for: file)
        return try validated(read(contentsOf: file, named: file.path, bodyFiles: folder, lenient: lenient, templating: templating, inMatchOrder: true))
    }

    /// The checks every served list passes (bad patterns, duplicate ids,
    /// mappings that can never match), run at load so lint reports them too.
    private static func validated(_ loaded: Loaded) throws(StubValidationError) -> Loaded {
        do {
            _ = try StubValidation.check(loaded.stubs, fixtures: URL(fileURLWithPath: "/"))
        } catch let error as StubValidationError {
            throw error
        } catch {
            throw StubValidationError(problems: [StubProblem(file: "", line: 1, column: 1, key: "", message: "\(error)")])
        }
        return loaded
    }

    /// `data` parsed with positions; a syntax error is a problem at its line and column.
    static func parsed(_ data: Data, file: String) throws(StubValidationError) -> LocatedJSON {
        do {
            return try LocatedJSON(data)
        } catch {
            throw StubValidationError(problems: [
                StubProblem(file: file, line: error.line, column: error.column, key: "", message: "not valid JSON: \(error.message)"),
            ])
        }
    }

    /// Reads one document's bytes, named `file` in messages.
    public static func read(_ data: Data, file: String, bodyFiles: URL?, lenient: Bool = false,
                            templating: WireMockTemplating = .local) throws(StubValidationError) -> Loaded {
        let document = try parsed(data, file: file)
        var reader = MappingReader(document: document, file: file, lenient: lenient) { name throws -> Data in
            guard let bodyFiles else { throw BodyFileError(description: "bodyFileName \"\(name)\" needs a __files folder") }
            do {
                return try FixtureFile.read(name, in: bodyFiles)
            } catch {
                let inside = FixtureFile.resolve(name, in: bodyFiles)
                let missing = inside.map { !FileManager.default.fileExists(atPath: $0.path) } ?? false
                throw BodyFileError(description: "\(error)".replacingOccurrences(of: "fixture", with: "body file"),
                                    missing: missing ? (name, bodyFiles) : nil)
            }
        }
        reader.templating = templating
        reader.bodyFolder = bodyFiles
        let stubs = reader.stubs()
        if !reader.problems.isEmpty || (!lenient && !reader.untranslatable.isEmpty) {
            let refused = reader.untranslatable.map {
                StubProblem(location: $0.location, subject: $0.subject, message: $0.message + " (--lenient skips this mapping)")
            }
            throw StubValidationError(problems: (reader.problems + refused).sorted { $0.location.line < $1.location.line })
        }
        return Loaded(stubs: stubs, skipped: reader.untranslatable, warnings: reader.warnings, document: document.root)
    }

    private static func read(
        contentsOf url: URL, named name: String, bodyFiles: URL?, lenient: Bool, templating: WireMockTemplating, inMatchOrder: Bool
    ) throws(StubValidationError) -> Loaded {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StubValidationError(problems: [
                StubProblem(file: name, line: 1, column: 1, key: "", message: "cannot read: \((error as NSError).localizedDescription)"),
            ])
        }
        var loaded = try read(data, file: name, bodyFiles: bodyFiles, lenient: lenient, templating: templating)
        if inMatchOrder { loaded.stubs.reverse() }
        return loaded
    }

    private static func defaultBodyFiles(for file: URL) -> URL {
        var folder = file.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == "mappings" { return folder.deletingLastPathComponent().appendingPathComponent("__files") }
            folder = folder.deletingLastPathComponent()
        }
        return file.deletingLastPathComponent().appendingPathComponent("__files")
    }

    /// The fewest files worth a run of their own (a run costs a thread's start).
    private static let filesPerPart = 32

    /// `mappings/sub/a.json` under the root's own name (`base` is the root's
    /// standardized path): `wiremock/mappings/sub/a.json`.
    private static func displayName(of file: URL, under base: String) -> String {
        let path = file.path
        guard path.hasPrefix(base + "/") else { return path }
        let rootName = base.split(separator: "/").last.map(String.init) ?? "/"
        return rootName + "/" + path.dropFirst(base.count + 1)
    }
}

/// Which mappings' responses are Handlebars templates, as WireMock's
/// standalone flags say.
public enum WireMockTemplating: Sendable, Hashable {
    /// None: `{{request.method}}` is sent as it is written (2.35.1 standalone without a flag).
    case off
    /// Those whose `transformers` list `response-template` (`--local-response-templating`,
    /// and 3.x's default; Understudy's default too).
    case local
    /// Every mapping's (`--global-response-templating`).
    case global
}

/// A `bodyFileName` that cannot be read.
struct BodyFileError: Error, CustomStringConvertible {
    var description: String
    /// Set when the file is inside `__files/` but does not exist (yet):
    /// WireMock loads such a mapping and answers it with a 500.
    var missing: (name: String, folder: URL)?

    init(description: String, missing: (name: String, folder: URL)? = nil) {
        self.description = description
        self.missing = missing
    }
}
