public import Foundation
import StubAssertions
import StubKit

/// Expects `actual` (JSON bytes, a body say) to equal the JSON text
/// `expected`: same keys, same values (numbers by value, `19` equals `19.0`),
/// whatever the key order and spacing. On failure, lists each differing path
/// and shows a line diff of both documents, keys sorted.
///
/// ```swift
/// expectJSONEqual(request.body, #"{"event":"opened","id":7}"#)
/// ```
@discardableResult
public func expectJSONEqual(
    _ actual: Data, _ expected: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    JSONEquality.expect(actual, Data(expected.utf8), at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects two JSON documents given as bytes to be equal, as the text form does.
@discardableResult
public func expectJSONEqual(
    _ actual: Data, _ expected: Data,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    JSONEquality.expect(actual, expected, at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects `actual` to equal the JSON encoding of `expected` (with `encoder`).
@discardableResult
public func expectJSONEqual(
    _ actual: Data, encoding expected: some Encodable, encoder: JSONEncoder = JSONEncoder(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        return JSONEquality.expect(actual, try encoder.encode(expected), at: location)
    } catch {
        IssueRecorder.record("Cannot encode the expected \(type(of: expected)) as JSON: \(error)", at: location)
        return false
    }
}

/// The comparison behind `expectJSONEqual` and contract checks.
enum JSONEquality {
    static func expect(_ actual: Data, _ expected: Data, at location: CodeLocation) -> Bool {
        guard let want = JSONValue(data: expected) else {
            IssueRecorder.record("The expected document is not JSON: \(preview(expected))", at: location)
            return false
        }
        guard let have = JSONValue(data: actual) else {
            IssueRecorder.record("Expected JSON equal to \(want), but the actual bytes are not JSON: \(preview(actual))", at: location)
            return false
        }
        guard let message = mismatch(actual: have, expected: want) else { return true }
        IssueRecorder.record(message, at: location)
        return false
    }

    /// The failure text when the documents differ, else `nil`.
    static func mismatch(actual: JSONValue, expected: JSONValue) -> String? {
        let differences = actual.differences(from: expected)
        guard !differences.isEmpty else { return nil }
        let count = differences.count
        var lines = ["JSON differs from the expected document (\(count) difference\(count == 1 ? "" : "s")):"]
        lines += differences.prefix(20).map { "  \($0)" }
        if count > 20 { lines.append("  … and \(count - 20) more") }
        lines.append("Diff (− expected, + actual):")
        lines.append(LineDiff.render(expected: pretty(expected), actual: pretty(actual)))
        return lines.joined(separator: "\n")
    }

    /// JSON indented by two spaces per level, keys sorted: stable input for a line diff.
    static func pretty(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members) where !members.isEmpty:
            let lines = members.keys.sorted().map { key in
                inner + JSONValue.string(key).description + ": " + pretty(members[key]!, indent: inner)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        default:
            return value.description
        }
    }

    static func preview(_ data: Data) -> String {
        guard let text = String(data: data, encoding: .utf8) else { return "\(data.count) bytes, not UTF-8" }
        return text.count > 200 ? "\"\(text.prefix(200))…\"" : "\"\(text)\""
    }
}
