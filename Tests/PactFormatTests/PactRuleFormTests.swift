import Foundation
import PactFormat
import StubKit
import Testing

/// Rule keys in the forms older pacts write: V1/V2 bracket notation for
/// header and query names, beside the dotted form.
@Suite struct PactRuleFormTests {
    static func pact(_ rules: String) -> String {
        """
        {"consumer": {"name": "App"}, "provider": {"name": "Api"},
         "interactions": [{"description": "a", "request": {"method": "GET", "path": "/a", "query": "q=7",
            "headers": {"X-Id": "12", "Content-Type": "application/json"}, "matchingRules": \(rules)},
          "response": {"status": 200}}],
         "metadata": {"pactSpecification": {"version": "2.0.0"}}}
        """
    }

    @Test func bracketedHeaderAndQueryNamesAreRead() throws {
        let read = try PactFile.read(Data(Self.pact(#"""
            {"$.headers['X-Id']": {"match": "regex", "regex": "\\d+"}, "$.header[\"Content-Type\"]": {"match": "type"},
             "$.query['q']": {"match": "regex", "regex": "[0-9]+"}}
            """#).utf8), file: "brackets.json")
        let rules = try #require(read.interactions.first?.request.rules)
        #expect(Set(rules.header.keys) == ["X-Id", "Content-Type"])
        #expect(Set(rules.query.keys) == ["q"])
        let stub = try #require(read.stubs(stateHeader: nil).first)
        #expect(stub.request.match(RecordedRequest(method: "GET", target: "/a?q=99", headers: ["X-Id": "345", "Content-Type": "text/plain"])) != nil)
        #expect(stub.request.match(RecordedRequest(method: "GET", target: "/a?q=x", headers: ["X-Id": "345", "Content-Type": "text/plain"])) == nil)
    }

    @Test func anUnquotedBracketIsRefusedAtItsPointer() {
        #expect {
            _ = try PactFile.read(Data(Self.pact(#"{"$.headers[X-Id]": {"match": "type"}}"#).utf8), file: "bad.json")
        } throws: { error in
            "\(error)".contains("/interactions/0/request/matchingRules/$.headers[X-Id]") && "\(error)".contains("quoted name in brackets")
        }
    }
}
