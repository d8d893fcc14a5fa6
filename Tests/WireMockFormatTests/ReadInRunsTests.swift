import Foundation
import StubKit
import Testing
import WireMockFormat

/// A large root, and a long `mappings` list, are read in runs, one per core,
/// and put together in order: the stubs, problems, skipped mappings and
/// warnings are what one pass gives, in the same order.
@Suite struct ReadInRunsTests {
    /// Mapping `number`: most answer a path of their own; some name an
    /// unknown field (refused), some a webhook (untranslatable: skipped
    /// under `lenient`), some a body file that does not exist (a warning).
    static func mapping(_ number: Int) -> String {
        let request = #"{"method": "GET", "url": "/item/\#(number)"}"#
        switch number % 37 {
        case 5: return #"{"request": \#(request), "response": {"status": 200}, "bogus": \#(number)}"#
        case 11: return #"{"request": \#(request), "response": {"status": 200}, "postServeActions": [{"name": "webhook"}]}"#
        case 23: return #"{"request": \#(request), "response": {"status": 200, "bodyFileName": "absent-\#(number).json"}}"#
        default: return #"{"request": \#(request), "response": {"status": 200, "body": "item \#(number)"}}"#
        }
    }

    static func root(files: Int, refusing: Bool) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        for number in 0..<files where refusing || number % 37 != 5 {
            let folder = number % 3 == 0 ? "mappings/sub" : "mappings"
            try Data(mapping(number).utf8).write(to: root.appendingPathComponent("\(folder)/m-\(number).json"))
        }
        return root
    }

    /// What one pass gives: the root read one file at a time, in path
    /// order, put together as `load(root:)` documents it (the stubs reversed
    /// into match order).
    struct FileByFile {
        var stubs: [Stub] = [], skipped: [StubProblem] = [], warnings: [StubProblem] = [], problems: [StubProblem] = []

        init(_ root: URL, lenient: Bool) throws {
            let base = root.standardizedFileURL.path
            let files = (FileManager.default.enumerator(at: root.appendingPathComponent("mappings"), includingPropertiesForKeys: nil)?
                .allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }.map(\.standardizedFileURL).sorted { $0.path < $1.path }
            for file in files {
                let name = root.lastPathComponent + "/" + file.path.dropFirst(base.count + 1)
                let data = try Data(contentsOf: file)
                do {
                    let loaded = try WireMockMappings.read(data, file: name, bodyFiles: root.appendingPathComponent("__files"), lenient: lenient)
                    stubs += loaded.stubs
                    skipped += loaded.skipped
                    warnings += loaded.warnings
                } catch {
                    problems += error.problems
                }
            }
            stubs.reverse()
        }
    }

    @Test(arguments: [false, true])
    func aLargeRootIsReadAsFileByFile(lenient: Bool) throws {
        let root = try Self.root(files: 300, refusing: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = try FileByFile(root, lenient: lenient)
        let result = Result { () throws(StubValidationError) in try WireMockMappings.load(root: root, lenient: lenient) }
        switch result {
        case .success(let loaded):
            #expect(lenient && expected.problems.isEmpty)
            #expect(loaded.stubs.map(\.location) == expected.stubs.map(\.location))
            #expect(loaded.stubs.map { "\($0.request)" } == expected.stubs.map { "\($0.request)" })
            #expect(loaded.skipped == expected.skipped)
            #expect(loaded.warnings == expected.warnings)
            #expect(loaded.stubs.count == 284 && loaded.skipped.count == 8 && loaded.warnings.count == 8)
        case .failure(let error):
            #expect(!lenient)
            #expect(error.problems == expected.problems)
            #expect(error.problems.count == 8 && error.problems.allSatisfy { $0.message.contains("webhooks") })
        }
    }

    @Test func everyRefusedFileOfALargeRootIsNamedInPathOrder() throws {
        let root = try Self.root(files: 300, refusing: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = try FileByFile(root, lenient: true)
        let error = try #require(throws: StubValidationError.self) { try WireMockMappings.load(root: root, lenient: true) }
        #expect(error.problems == expected.problems)
        #expect(error.problems.count == 8 && error.problems.allSatisfy { $0.message.contains("bogus") })
    }

    @Test func aLongMappingsListKeepsItsOrder() throws {
        let numbers = 0..<400
        let bodyFiles = FileManager.default.temporaryDirectory
        let document = Data(("{\"mappings\": [\n" + numbers.map { Self.mapping($0) }.joined(separator: ",\n") + "\n]}").utf8)
        let refused = try #require(throws: StubValidationError.self) {
            try WireMockMappings.read(document, file: "long.json", bodyFiles: bodyFiles, lenient: true)
        }
        // A problem found before the list is read in runs is named once, not once a run.
        let topLevel = Data(("{\"bogus\": 1, \"mappings\": [\n" + numbers.map { Self.mapping($0) }.joined(separator: ",\n") + "\n]}").utf8)
        let both = try #require(throws: StubValidationError.self) {
            try WireMockMappings.read(topLevel, file: "long.json", bodyFiles: bodyFiles, lenient: true)
        }
        #expect(both.problems.count == refused.problems.count + 1)
        #expect(both.problems.filter { $0.location.line == 1 }.count == 1)
        // Refused mappings, and those a webhook keeps out, are named at their lines, in order.
        let named = numbers.filter { $0 % 37 == 5 || $0 % 37 == 11 }
        #expect(refused.problems.map(\.location.line) == named.map { $0 + 2 })
        #expect(refused.problems.filter { $0.message.contains("bogus") }.count == 11)

        let kept = numbers.filter { $0 % 37 != 5 }
        let loaded = try WireMockMappings.read(Data(("{\"mappings\": [\n" + kept.map { Self.mapping($0) }.joined(separator: ",\n") + "\n]}").utf8),
                                               file: "long.json", bodyFiles: bodyFiles, lenient: true)
        // One document's stubs come back in file order (`load(file:)` reverses them).
        let served = kept.enumerated().filter { $0.element % 37 != 11 }
        #expect(loaded.stubs.map(\.location.pointer) == served.map { "/mappings/\($0.offset)" })
        #expect(loaded.stubs.map(\.location.line) == served.map { $0.offset + 2 })
        let skipped = kept.enumerated().filter { $0.element % 37 == 11 }
        #expect(loaded.skipped.map(\.location.line) == skipped.map { $0.offset + 2 })
        #expect(loaded.warnings.map(\.location.line) == kept.enumerated().filter { $0.element % 37 == 23 }.map { $0.offset + 2 })
    }
}
