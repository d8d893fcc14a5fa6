public import Foundation
public import StubKit

/// Understudy stubs written as a WireMock root: `mappings/` and `__files/`.
///
/// One file per stub, named by its rank in match order
/// (`mappings/003-get-characters.json`). Every mapping carries an explicit
/// priority, its rank, so WireMock picks the same stub Understudy would
/// whatever order it loads the files in. A stub WireMock cannot express (a
/// Swift closure or predicate, a Marvel signature guard, a truncated-body
/// fault) is left out and listed in ``notExported`` with its declaration
/// site; nothing is approximated.
///
/// ```swift
/// let export = WireMockExport(stubs: stubs)
/// guard export.notExported.isEmpty else { … }
/// try export.write(to: URL(fileURLWithPath: "wiremock"))
/// ```
public struct WireMockExport: Sendable {
    /// Choices for what is exported.
    public struct Options: Sendable {
        /// Export a response made by a closure (a Marvel envelope recipe, say)
        /// as the one response it gives the plainest request the stub matches.
        public var renderClosures: Bool
        /// The folder `.fixture(path:)` responses are read from.
        public var fixtures: URL?

        /// Creates options; by default closures are not rendered.
        public init(renderClosures: Bool = false, fixtures: URL? = nil) {
            self.renderClosures = renderClosures
            self.fixtures = fixtures
        }
    }

    /// One file of the export, by its path under the root.
    public struct File: Sendable, Hashable {
        /// `mappings/…json` or `__files/…`.
        public var path: String
        /// Its bytes.
        public var contents: Data
    }

    /// The files to write, mappings first, in match order.
    public private(set) var files: [File] = []
    /// How many stubs were exported.
    public private(set) var exportedStubs = 0
    /// How many mappings they became (a guard, `times` or a response
    /// sequence makes more than one).
    public private(set) var mappingCount = 0
    /// The stubs left out, each at its declaration with why.
    public private(set) var notExported: [StubProblem] = []
    /// The stubs whose closure was rendered into one fixed response.
    public private(set) var rendered: [StubProblem] = []

    /// Translates `stubs` (in the order a server is given them).
    public init(stubs: [Stub], options: Options = Options()) {
        // Understudy's match order: higher priority first, then declaration order.
        let ordered = stubs.indices.sorted { a, b in
            stubs[a].priority != stubs[b].priority ? stubs[a].priority > stubs[b].priority : a < b
        }.map { stubs[$0] }
        var nextPriority = 1
        var bodyFiles: [File] = []
        var bodyFileNames: [String: Data] = [:]
        for stub in ordered {
            let rank = exportedStubs + 1
            let stem = String(format: "%03d-", rank) + Self.slug(for: stub)
            let writer = MappingWriter(stub: stub, priority: nextPriority, stem: stem,
                                       renderClosures: options.renderClosures, fixtures: options.fixtures)
            do throws(Inexpressible) {
                let written = try writer.write()
                if let clash = written.bodyFiles.first(where: { file in bodyFileNames[file.name].map { $0 != file.contents } ?? false }) {
                    throw Inexpressible(reason: "its body file __files/\(clash.name) differs from another stub's of that name")
                }
                for file in written.bodyFiles where bodyFileNames[file.name] == nil {
                    bodyFileNames[file.name] = file.contents
                    bodyFiles.append(File(path: "__files/" + file.name, contents: file.contents))
                }
                let document = written.mappings.count == 1 ? written.mappings[0] : .object([("mappings", .array(written.mappings))])
                files.append(File(path: "mappings/\(stem).json", contents: Data(document.text.utf8)))
                exportedStubs += 1
                mappingCount += written.mappings.count
                nextPriority += written.prioritiesUsed
                if written.rendered {
                    rendered.append(StubProblem(stub, "its closure's response to one plain request was exported"))
                }
            } catch {
                notExported.append(StubProblem(stub, "not exported to WireMock: \(error.reason)"))
            }
        }
        files += bodyFiles
    }

    /// Writes every file under `root`, creating `mappings/` and `__files/`.
    public func write(to root: URL) throws {
        for folder in ["mappings", "__files"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in files {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, options: .atomic)
        }
    }

    /// `get-characters-id`: the method and path in lowercase words.
    static func slug(for stub: Stub) -> String {
        let method = stub.request.method?.rawValue.lowercased() ?? "any"
        let path: String
        switch stub.request.path {
        case .any:
            switch stub.request.target.first?.matcher {
            case .equals(let text)?: path = text
            case .matches(let regex)?: path = PatternWriter.wholeValueRegex(regex)
            default: path = "any-path"
            }
        default: path = stub.request.path.description
        }
        var words: [String] = []
        var word = ""
        for character in path.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        let joined = ([method] + words).joined(separator: "-")
        return String(joined.prefix(60))
    }
}
