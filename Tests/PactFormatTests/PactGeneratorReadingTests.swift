import Foundation
import PactFormat
import StubKit
import Testing

/// Generators read from a pact, refused with their place when malformed,
/// written back unchanged, and applied to an example response.
@Suite struct PactGeneratorReadingTests {
    static func pact(_ generators: String) -> String {
        """
        {"consumer": {"name": "A"}, "provider": {"name": "B"}, "metadata": {"pactSpecification": {"version": "4.0"}},
         "interactions": [{"type": "Synchronous/HTTP", "description": "one", "request": {"method": "GET", "path": "/x"},
          "response": {"status": 200, "body": {"contentType": "application/json", "encoded": false, "content": {"id": 1, "items": [{"n": 0}, {"n": 0}]}},
                       "generators": \(generators)}}]}
        """
    }

    @Test func generatorsAreReadWrittenBackAndApplied() throws {
        let text = Self.pact(#"{"status": {"type": "RandomInt", "min": 200, "max": 200}, "header": {"X-Id": {"type": "RandomHexadecimal", "digits": 8}}, "body": {"$.id": {"type": "RandomInt", "min": 5, "max": 6}, "$.items[*].n": {"type": "RandomBoolean"}}}"#)
        let pact = try PactFile.read(Data(text.utf8), file: "g.json")
        let generators = try #require(pact.interactions.first?.response.generators)
        #expect(generators.body["$.id"] == .randomInt(min: 5, max: 6))
        #expect(generators.headers["X-Id"] == .randomHexadecimal(digits: 8))

        let written = PactWriter.text(consumer: "A", provider: "B", interactions: pact.interactions)
        #expect(try PactFile.read(Data(written.utf8), file: "w.json").interactions.first?.response.generators == generators, "written back unchanged")

        guard case .generated(let example, let applied) = try #require(pact.interactions.first).stub.response else {
            Issue.record("a response with generators is served as a generated recipe")
            return
        }
        var random = SystemRandomNumberGenerator()
        let answer = applied.apply(to: example, for: RecordedRequest(method: "GET", target: "/x"), using: &random)
        let body = try #require(JSONValue(data: answer.body))
        #expect([JSONValue.number(5), .number(6)].contains(body.value(at: "id") ?? .null))
        #expect(body.value(at: "items[1].n") == .bool(true) || body.value(at: "items[1].n") == .bool(false), "every element the wildcard names")
        #expect(answer.headers["X-Id"]?.count == 8)
    }

    @Test(arguments: [
        (#"{"body": {"$.id": {"type": "Sometimes"}}}"#, "/interactions/0/response/generators/body/$.id/type", "unknown generator \"Sometimes\""),
        (#"{"body": {"id": {"type": "Uuid"}}}"#, "/interactions/0/response/generators/body/id", "is not a body path"),
        (#"{"body": {"$.id": {"type": "RandomInt", "min": "one"}}}"#, "/interactions/0/response/generators/body/$.id/min", "expected an integer"),
        (#"{"body": {"$.id": {"type": "Regex"}}}"#, "/interactions/0/response/generators/body/$.id", "needs \"regex\""),
        (#"{"cookies": {}}"#, "/interactions/0/response/generators/cookies", "unknown generator category"),
    ])
    func aMalformedGeneratorIsRefusedWithItsPointer(_ generators: String, _ pointer: String, _ message: String) {
        do {
            _ = try PactFile.read(Data(Self.pact(generators).utf8), file: "g.json")
            Issue.record("read a malformed generator")
        } catch {
            #expect("\(error)".contains(pointer) && "\(error)".contains(message), "\(error)")
        }
    }

    @Test(arguments: [#"[A-Z]{2}-\d{2}"#, #"(foo|bar)+baz?"#, #"\w+@example\.(com|org)"#, #"[0-9a-f]{32}"#, "x*"])
    func aRegexGeneratorMakesAStringTheRegexMatches(_ pattern: String) throws {
        var random = SystemRandomNumberGenerator()
        let made = try #require(ValueGenerator.regex(pattern).generate(.init(request: RecordedRequest(method: "GET", target: "/")), using: &random))
        guard case .string(let text) = made else { Issue.record("not a string: \(made)"); return }
        #expect(text.range(of: "^(?:\(pattern))$", options: .regularExpression) != nil, "\(text) for \(pattern)")
        #expect(ValueGenerator.regex("(?<=x)y").generate(.init(request: RecordedRequest(method: "GET", target: "/")), using: &random) == nil,
                "beyond what it can invert: no value, so the example stays")
    }
}
