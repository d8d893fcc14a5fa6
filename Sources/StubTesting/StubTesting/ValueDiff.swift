import Foundation
import StubKit

/// How two values differ, for failure messages: a JSON path list and diff
/// when both encode as JSON, else a line diff of their `dump` output.
enum ValueDiff {
    static func render<Value>(expected: Value, actual: Value) -> String {
        if let expected = expected as? any Encodable, let actual = actual as? any Encodable,
           let want = try? JSONValue(encoding: expected), let have = try? JSONValue(encoding: actual) {
            if let message = JSONEquality.mismatch(actual: have, expected: want) { return message }
        }
        return "Diff (− expected, + actual):\n" + LineDiff.render(expected: dumped(expected), actual: dumped(actual))
    }

    /// `dump(value)` as text: one line per stored property, nested.
    static func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        // Types declared inside functions or private scopes dump with an address.
        text = text.replacingOccurrences(of: #"\(unknown context at \$[0-9a-f]+\)\."#, with: "", options: .regularExpression)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

/// Readable text for an error a client threw: a `DecodingError` with its coding
/// path, anything else by its description.
enum ErrorText {
    /// `GreetingError.status(418)`, or `MarvelError "409: …"` for an error
    /// that describes itself.
    static func spelled<Failure: Error>(_ error: Failure) -> String {
        let type = "\(Failure.self)"
        return describesItself(error) ? "\(type) \"\(error)\"" : "\(type).\(error)"
    }

    /// Whether `value`'s own type gives it a description (an `Any`, so the
    /// question is asked of the dynamic type).
    private static func describesItself(_ value: Any) -> Bool { value is any CustomStringConvertible }

    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        switch decoding {
        case .keyNotFound(let key, let context): return "DecodingError: key \"\(key.stringValue)\" not found at \(path(context.codingPath))"
        case .typeMismatch(let type, let context): return "DecodingError: expected \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "DecodingError: null where \(type) was expected at \(path(context.codingPath))"
        case .dataCorrupted(let context): return "DecodingError: corrupted data at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
