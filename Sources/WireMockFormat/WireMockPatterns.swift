import DocumentReader
public import Foundation
public import StubKit

extension WireMockMappings {
    /// A bare request pattern (`{"method": "GET", "urlPath": "/x", …}`), as
    /// the admin API's `requests/count` and `requests/find` take one.
    ///
    /// - Throws: `StubValidationError` with every problem, located by JSON
    ///   pointer; what Understudy cannot match on is refused the same way.
    public static func requestPattern(_ data: Data, file: String) throws(StubValidationError) -> RequestPattern {
        try readPart(data, file: file) { reader, root in reader.requestPattern(root) }
    }

    /// A bare content pattern (`{"equalTo": "x"}`, `{"matchesJsonPath": …}`),
    /// as `mappings/find-by-metadata` takes one.
    public static func valueMatcher(_ data: Data, file: String) throws(StubValidationError) -> ValueMatcher {
        try readPart(data, file: file) { reader, root in reader.valueMatcher(root) }
    }

    private static func readPart<Part>(
        _ data: Data, file: String, _ read: (inout MappingReader, DocumentNode) -> Part?
    ) throws(StubValidationError) -> Part {
        let document = try parsed(data, file: file)
        var reader = MappingReader(document: document, file: file, lenient: false) { _ throws -> Data in
            throw BodyFileError(description: "no body files here")
        }
        let part = read(&reader, DocumentNode(document.root, at: "", in: document, file: file))
        let problems = reader.problems + reader.untranslatable
        guard problems.isEmpty, let part else {
            throw StubValidationError(problems: problems.isEmpty
                ? [StubProblem(file: file, line: 1, column: 1, key: "/", message: "expected a pattern")] : problems)
        }
        return part
    }
}
