import Foundation
import StubKit
import StubRecording

/// The body of `POST /recordings/start` or `/snapshot` in WireMock's shape,
/// read into recording rules. A field Understudy does not act on is refused
/// by its JSON pointer, never ignored.
struct RecordSpec {
    /// `targetBaseUrl`.
    var target: URL?
    /// The rules: `captureHeaders` become matched headers, `repeatsAsScenarios` sequences.
    var rules = RecordingRules()
    /// `persist` (default true): a snapshot's stubs are served at once.
    var persist = true

    /// A problem with the body, as the admin answer.
    struct Problem: Error {
        var answer: StubResponse
    }

    static func read(_ body: Data, needsTarget: Bool) -> Result<RecordSpec, Problem> {
        var spec = RecordSpec()
        let fields: [String: JSONValue]
        if body.isEmpty || body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            fields = [:]
        } else if case .object(let object)? = JSONValue(data: body) {
            fields = object
        } else {
            return .failure(Problem(answer: AdminAnswer.error(422, "the record spec must be a JSON object", pointer: "")))
        }
        for key in fields.keys.sorted() where !AdminAPI.recordSpecKeys.contains(key) {
            let hint = Suggestion.hint(for: key, in: AdminAPI.recordSpecKeys)
            return .failure(Problem(answer: AdminAnswer.error(422, "\(key) is not supported by Understudy's recorder" + hint, pointer: "/\(key)")))
        }
        if case .string(let text)? = fields["targetBaseUrl"] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                return .failure(Problem(answer: AdminAnswer.error(422, "targetBaseUrl must be an http or https URL", pointer: "/targetBaseUrl")))
            }
            spec.target = url
        } else if fields["targetBaseUrl"] != nil || needsTarget {
            return .failure(Problem(answer: AdminAnswer.error(422, "targetBaseUrl (an http or https URL) is required", pointer: "/targetBaseUrl")))
        }
        if let capture = fields["captureHeaders"] {
            guard case .object(let headers) = capture else {
                return .failure(Problem(answer: AdminAnswer.error(422, "captureHeaders must map header names to {}", pointer: "/captureHeaders")))
            }
            spec.rules.matchedHeaders = headers.keys.sorted()
        }
        if let repeats = fields["repeatsAsScenarios"] {
            guard case .bool(let flag) = repeats else {
                return .failure(Problem(answer: AdminAnswer.error(422, "repeatsAsScenarios must be true or false", pointer: "/repeatsAsScenarios")))
            }
            spec.rules.repeatsAsSequence = flag
        }
        if case .bool(let flag)? = fields["persist"] { spec.persist = flag }
        if let format = fields["outputFormat"], format != .string("FULL") {
            return .failure(Problem(answer: AdminAnswer.error(422, "only outputFormat FULL is supported", pointer: "/outputFormat")))
        }
        if case .object(let criteria)? = fields["extractBodyCriteria"], case .string(let size)? = criteria["textSizeThreshold"],
           let bytes = byteCount(size) {
            spec.rules.inlineBodyLimit = bytes
        }
        return .success(spec)
    }

    /// `2 kb`, `1 Mb`, `512`: WireMock's sizes.
    static func byteCount(_ text: String) -> Int? {
        let parts = text.lowercased().split(separator: " ")
        guard let number = parts.first.flatMap({ Double($0) }) else { return nil }
        let unit = parts.dropFirst().first.map(String.init) ?? "b"
        let scales: [String: Double] = ["b": 1, "kb": 1024, "mb": 1024 * 1024]
        let scale = scales[unit] ?? 1
        return Int(number * scale)
    }
}
