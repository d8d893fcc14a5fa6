import Foundation
package import StubKit
package import StubSpec
import OpenAPIStubs
import PactFormat
package import WireMockFormat

/// Spec files and WireMock mappings named on the command line, loaded together.
///
/// A path is read as a WireMock root when it is a folder with `mappings/`;
/// another folder stands for the YAML and JSON files directly in it (in name
/// order; contract files, `*.contract.yaml`, are `check`'s and left out),
/// each read as if named. A file is read as an OpenAPI document when it is YAML or JSON with a top-level `openapi`,
/// as a pact when it is JSON with `consumer`, `provider` and `interactions`,
/// as a WireMock mapping file when it is JSON whose top level has `request`
/// or `mappings`, and as an Understudy spec otherwise.
package struct SpecLoading: Sendable {
    /// The Understudy specs that loaded, in the order given.
    package var specs: [StubSpec] = []
    /// The WireMock sources that loaded, with their stub counts, in the order given.
    package var wireMockSources: [(path: String, stubs: Int)] = []
    /// Every stub, source by source, in the order given.
    package private(set) var stubs: [Stub] = []
    /// Every problem of every source that did not load.
    package var problems: [StubProblem] = []
    /// WireMock mappings left out by lenient loading, and pact message
    /// interactions (not served), with where and why.
    package var skipped: [StubProblem] = []
    /// Sources loaded with something amiss that the format itself accepts
    /// (a WireMock `bodyFileName` that does not exist), as warnings.
    package var warnings: [StubProblem] = []
    /// What loaded but a reader should know (placeholders left unset, with
    /// ``StubSpec/UnsetPlaceholders/noted``), as notes.
    package var notes: [StubProblem] = []
    /// The pacts that loaded, with their interaction counts, in the order given.
    package var pactSources: [(path: String, stubs: Int)] = []
    /// The OpenAPI documents that loaded, with their operation counts, in the order given.
    package var openAPISources: [(path: String, operations: Int)] = []
    /// With `stateful`: the collections each OpenAPI document serves as a
    /// stateful resource, by document, as `/users (list, get, create…)`.
    package var statefulCollections: [(path: String, collections: [String])] = []

    /// Loads each of `paths` (relative to the current directory); `lenient`
    /// skips WireMock mappings that use what Understudy cannot serve;
    /// `stateful` serves the collections an OpenAPI document describes as
    /// stateful resources (``OpenAPIDocument/statefulStubs(seed:)``).
    ///
    /// An OpenAPI document's stubs come after every other source's, so a
    /// spec file's stubs take precedence over the ones the document makes.
    package init(paths: [String], lenient: Bool = false, providerStateHeader: String? = nil, seed: UInt64 = 0,
                 templating: WireMockTemplating = .local, stateful: Bool = false,
                 unsetPlaceholders: StubSpec.UnsetPlaceholders = .refused) {
        BuiltInPlugins.register()
        var documentStubs: [Stub] = []
        for path in Self.sources(paths).specs {
            let url = URL(fileURLWithPath: path)
            do {
                if ["yaml", "yml", "json"].contains(url.pathExtension.lowercased()), let data = try? Data(contentsOf: url),
                   OpenAPIDocument.looksLikeOpenAPI(data) {
                    let document = try OpenAPIDocument.read(data, file: path)
                    if stateful {
                        documentStubs += document.statefulStubs(seed: seed)
                        statefulCollections.append((path, document.collections.map { collection in
                            let kinds = ResourceDeclaration.Operation.allCases.filter(collection.declaration.operations.contains).map(\.rawValue)
                            return "\(collection.declaration.collectionPath) (\(kinds.joined(separator: ", ")); id \(collection.declaration.idField))"
                        }))
                    } else {
                        documentStubs += document.stubs(seed: seed)
                    }
                    openAPISources.append((path, document.operations.count))
                } else if url.pathExtension.lowercased() == "json", let data = try? Data(contentsOf: url), PactFile.looksLikePact(data) {
                    let pact = try PactFile.read(data, file: path)
                    let served = pact.stubs(stateHeader: providerStateHeader)
                    stubs += served
                    skipped += pact.unsupported
                    pactSources.append((path, served.count))
                } else if let wireMock = try Self.wireMock(url, lenient: lenient, templating: templating) {
                    stubs += wireMock.stubs
                    skipped += wireMock.skipped
                    warnings += wireMock.warnings
                    wireMockSources.append((path, wireMock.stubs.count))
                } else {
                    let spec = try StubSpec.load(url, name: path, unsetPlaceholders: unsetPlaceholders)
                    specs.append(spec)
                    notes += spec.notes
                    stubs += spec.stubs
                }
            } catch {
                problems += Self.problems(of: error, in: path)
            }
        }
        stubs += documentStubs
    }

    /// What reading `path` threw, as problems: each one a validation error
    /// holds, or the error itself at the file's start.
    package static func problems(of error: any Error, in path: String) -> [StubProblem] {
        switch error {
        case let error as StubValidationError: error.problems
        case let problem as StubProblem: [problem]
        default: [StubProblem(file: path, line: 1, column: 1, key: "", message: "\(error)")]
        }
    }

    /// `paths` as sources: a folder that is not a WireMock root stands for
    /// the YAML and JSON files directly in it, in name order; contract files
    /// (`*.contract.yaml`), named or in such a folder, come apart (`check`
    /// runs them, `lint` checks them). A folder with neither stays among the
    /// specs, to be refused with why.
    package static func sources(_ paths: [String]) -> (specs: [String], contracts: [String]) {
        var specs: [String] = [], contracts: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            guard exists, isFolder.boolValue, !WireMockMappings.isRoot(URL(fileURLWithPath: path)) else {
                if isContract(path) { contracts.append(path) } else { specs.append(path) }
                continue
            }
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
                .filter { name in
                    let lower = name.lowercased()
                    return !lower.hasPrefix(".") && [".yaml", ".yml", ".json"].contains { lower.hasSuffix($0) }
                }
                .map { (path as NSString).appendingPathComponent($0) }
                .filter { var folder: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &folder) && !folder.boolValue }
            let inFolder = files.filter(isContract)
            contracts += inFolder
            let served = files.filter { !isContract($0) }
            specs += served.isEmpty && inFolder.isEmpty ? [path] : served
        }
        return (specs, contracts)
    }

    /// Whether `path` names a contract file.
    static func isContract(_ path: String) -> Bool {
        [".contract.yaml", ".contract.yml", ".contract.json"].contains { path.lowercased().hasSuffix($0) }
    }

    /// The WireMock stubs at `url`, or `nil` when it is not WireMock's.
    private static func wireMock(_ url: URL, lenient: Bool, templating: WireMockTemplating) throws -> WireMockMappings.Loaded? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            guard WireMockMappings.isRoot(url) else {
                throw StubValidationError(problems: [
                    StubProblem(file: url.path, line: 1, column: 1, key: "",
                                message: "a folder to serve must be a WireMock root, with a mappings/ folder, or hold spec files (*.yaml, *.yml, *.json)"),
                ])
            }
            return try WireMockMappings.load(root: url, lenient: lenient, templating: templating)
        }
        guard url.pathExtension.lowercased() == "json", looksLikeWireMock(url) else { return nil }
        return try WireMockMappings.load(file: url, lenient: lenient, templating: templating)
    }

    /// JSON whose top level is an object with `request` or `mappings`; JSON
    /// that does not parse counts when it names either, so its syntax error
    /// is reported by the WireMock reader, with line and column.
    static func looksLikeWireMock(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url) else { return false }
        guard let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            let text = String(decoding: data, as: UTF8.self)
            return text.contains("\"request\"") || text.contains("\"mappings\"")
        }
        guard let top = parsed as? [String: Any] else { return false }
        return top["request"] != nil || top["mappings"] != nil
    }
}
