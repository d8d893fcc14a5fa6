import Foundation
import StubKit
import StubServer

/// Random stubs against random requests. For every pattern, `match` and the
/// condition-by-condition `checks` that mismatch reports are built from must
/// agree; the unmatched report and the redaction of the target must hold
/// their shape; validating the stubs must not crash.
enum MatcherFuzz {
    static let pathPieces = ["/", "/", "a", "b", "v1", "comics", "%2F", "%41", "%", "%zz", "{id}", "{id:int}", "{rest...}",
                             "{", "}", ".", "..", "é", "+", " ", "*", "-", "_", "123", ":", "//"]
    static let regexPieces = ["^", "$", ".*", "(?<id>\\d+)", "[a-z]+", "(", ")", "\\", "a", "/", "|", "?", "{2}", "\\d", "[", "]", "é"]
    static let valuePieces = ["a", "A", "1", "", " ", "é", "%20", "+", "=", "&", ";", ",", "\"", "abc", "Spi", "0000", "[", "*"]
    static let queryPieces = ["a=1", "&", "=", "q", "%20", "+", "%zz", "hash=x", "apikey=y", "HASH=z", "limit=5", "é", "a", "&&", "=="]
    static let names = ["q", "limit", "hash", "apikey", "a b", "é", "Accept", "X-A", "Cookie", "authorization", "id", ""]
    static let methods: [HTTPMethod?] = [nil, .get, .post, .put, .delete, .patch, HTTPMethod(rawValue: "BREW")]
    static let requestMethods = ["GET", "POST", "PUT", "DELETE", "PATCH", "BREW", "get", ""]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let patterns = input.list(most: 4) { pattern(&$0) }
        let request = self.request(&input)
        for pattern in patterns {
            let matched = pattern.match(request) != nil
            let checks = pattern.checks(against: request)
            precondition(matched == checks.allSatisfy(\.matched),
                         "match says \(matched), checks say \(checks) for \(pattern) against \(request.method) \(request.target)")
            _ = pattern.description
        }
        let stubs = patterns.map { Stub(request: $0) }
        _ = try? StubSet(stubs)
        let report = UnmatchedRequestReport(request: request, stubCount: stubs.count).redacted(by: .secrets)
        precondition(report.headerValue.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F },
                     "a header value that is not printable ASCII: \(report.headerValue)")
        _ = report.json
        _ = report.description
        let shown = Redaction.secrets.target(request.target)
        let lowered = request.target.lowercased()
        if !lowered.contains("hash") && !lowered.contains("apikey") && !lowered.contains("%") {
            precondition(shown == request.target, "redaction changed \(request.target) to \(shown)")
        }
    }

    static func pattern(_ input: inout FuzzBytes) -> RequestPattern {
        let path: PathPattern
        switch input.byte() % 3 {
        case 0: path = .literal(input.text(pathPieces, most: 6))
        case 1: path = .parse(input.text(pathPieces, most: 6))
        default: path = .regex(TextPattern(input.text(regexPieces, most: 6)))
        }
        var pattern = RequestPattern(method: input.pick(methods), path: path)
        pattern.query = input.list(most: 3) { FieldMatcher($0.pick(names), matcher(&$0)) }
        pattern.headers = input.list(most: 2) { FieldMatcher($0.pick(names), matcher(&$0)) }
        pattern.cookies = input.list(most: 2) { FieldMatcher($0.pick(names), matcher(&$0)) }
        pattern.body = input.list(most: 2) { input in
            switch input.byte() % 5 {
            case 0: return .contains(input.text(valuePieces, most: 3))
            case 1: return .matches(TextPattern(input.text(regexPieces, most: 4)))
            case 2: return .text(input.text(valuePieces, most: 3))
            case 3: return .json(input.text(["{", "}", "\"a\"", ":", "1", ",", "[", "]", "null", "\"é\""], most: 6))
            default: return .jsonPath(input.text(["$", ".", "a", "[0]", "[", "b", "*"], most: 4), equals: .number(1))
            }
        }
        pattern.form = input.list(most: 2) { FieldMatcher($0.pick(names), matcher(&$0)) }
        return pattern
    }

    static func matcher(_ input: inout FuzzBytes) -> ValueMatcher {
        switch input.byte() % 8 {
        case 0: return .equals(input.text(valuePieces, most: 3))
        case 1: return .equalsIgnoringCase(input.text(valuePieces, most: 3))
        case 2: return .contains(input.text(valuePieces, most: 3))
        case 3: return .matches(TextPattern(input.text(regexPieces, most: 4)))
        case 4: return .present
        case 5: return .absent
        case 6: return .oneOf(input.list(most: 3) { $0.text(valuePieces, most: 2) })
        default: return .values(input.list(most: 3) { $0.text(valuePieces, most: 2) })
        }
    }

    static func request(_ input: inout FuzzBytes) -> RecordedRequest {
        var target = input.text(pathPieces, most: 6)
        if input.byte() % 2 == 0 { target += "?" + input.text(queryPieces, most: 6) }
        let headers = input.list(most: 4) { input in
            HTTPHeaders.Field(name: input.pick(names), value: input.text(valuePieces + ["a=1; b=2", "id=7"], most: 3))
        }
        let method = input.pick(requestMethods)
        return RecordedRequest(method: method, target: target, headers: HTTPHeaders(headers), body: Data(input.rest()))
    }
}
