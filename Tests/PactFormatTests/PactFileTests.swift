import Foundation
import PactFormat
import StubKit
import Testing

/// Pact files of each version read into interactions, and a malformed one
/// is refused with its line, column and JSON pointer.
@Suite struct PactFileTests {
    static func read(_ text: String) throws -> PactFile { try PactFile.read(Data(text.utf8), file: "test.json") }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try read(text)
            return []
        } catch let error as StubValidationError {
            return error.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aV2PactWithFlatRulesAndAQueryString() throws {
        let pact = try Self.read("""
            {"consumer": {"name": "App"}, "provider": {"name": "Api"},
             "interactions": [{"description": "a search", "providerState": "some items",
               "request": {"method": "get", "path": "/items", "query": "q=ham&page=1",
                           "matchingRules": {"$.query.q": {"match": "regex", "regex": "[a-z]+"}}},
               "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": [{"id": 1}],
                            "matchingRules": {"$.body": {"min": 1, "match": "type"}}}}],
             "metadata": {"pactSpecification": {"version": "2.0.0"}}}
            """)
        #expect(pact.version == .v2)
        let interaction = try #require(pact.interactions.first)
        #expect(interaction.providerStates == [PactProviderState(name: "some items")])
        let pattern = interaction.request.requestPattern
        #expect(pattern.match(RecordedRequest(method: "GET", target: "/items?page=1&q=saw")) != nil)
        #expect(pattern.match(RecordedRequest(method: "GET", target: "/items?page=1&q=Saw")) == nil)
        let answer = interaction.response
        #expect(answer.mismatches(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"[{"id":7},{"id":8}]"#.utf8)).isEmpty)
        #expect(answer.mismatches(status: 200, headers: [:], body: Data("[]".utf8)).count == 2, "a missing header and too few elements")
    }

    @Test func aV3PactWithStatesAndMessagesListedNotServed() throws {
        let pact = try Self.read("""
            {"consumer": {"name": "App"}, "provider": {"name": "Api"},
             "interactions": [{"description": "user 42", "providerStates": [{"name": "user exists", "params": {"id": 42}}],
               "request": {"method": "GET", "path": "/users/42", "query": {"fields": ["name", "age"]}},
               "response": {"status": 200, "body": {"name": "Ada"},
                            "matchingRules": {"body": {"$.name": {"matchers": [{"match": "type"}]}}}}}],
             "messages": [{"description": "a user event", "contents": {"id": 42}}],
             "metadata": {"pactSpecification": {"version": "3.0.0"}}}
            """)
        #expect(pact.version == .v3)
        #expect(pact.interactions.first?.providerStates.first?.params == ["id": 42])
        #expect(pact.unsupported.count == 1)
        #expect(pact.unsupported.first?.description.contains("a message interaction is read but not served") == true)
        let stub = try #require(pact.stubs().first)
        #expect(stub.name == "user 42")
        #expect(stub.request.match(RecordedRequest(method: "GET", target: "/users/42?fields=name&fields=age")) != nil)
        #expect(stub.request.match(RecordedRequest(method: "GET", target: "/users/42?fields=age&fields=name")) == nil, "the values of one name keep their order")
    }

    @Test func aMalformedPactNamesLineColumnAndPointer() {
        let problems = Self.problems("""
            {"consumer": {"name": "App"}, "provider": {"name": "Api"},
             "interactions": [
               {"description": "one", "request": {"method": "GET", "path": "/a"}, "response": {"status": "200"}},
               {"description": "one", "request": {"method": "GET", "path": "/b"}, "response": {"status": 200}},
               {"description": "three", "request": {"path": "/c", "matchingRules": {"body": {"$.a": {"matchers": [{"match": "telepathy"}]}}}},
                "response": {"status": 200}}],
             "metadata": {"pactSpecification": {"version": "3.0.0"}}}
            """)
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("test.json:3:") && $0.contains("/interactions/0/response/status: expected a status from 100 to 599") })
        #expect(problems.contains { $0.hasPrefix("test.json:4:") && $0.contains("the description \"one\" is already used by /interactions/0") })
        #expect(problems.contains { $0.contains("/interactions/2/request/matchingRules/body/$.a/matchers/0/match: unsupported matcher \"telepathy\"") })
        #expect(Self.problems("{\"consumer\": ").first?.hasPrefix("test.json:1:") == true, "a syntax error is located too")
    }

    @Test func everyProblemOfOneInteractionIsReportedNotOnlyTheFirst() {
        let problems = Self.problems("""
            {"consumer": {"name": "App"}, "provider": {"name": "Api"},
             "interactions": [
               {"description": "many", "request": {"path": "/a", "headers": {"X-Count": {"n": 1}},
                  "matchingRules": {"query": {"q": {"matchers": [{"match": "telepathy"}]}},
                                    "body": {"$.a": {"matchers": [{"match": "regex", "regex": "("}]}, "$.b": {"matchers": [{"match": "type"}]}}},
                  "generators": {"header": {"X-Id": {"type": "Dice"}}}},
                "response": {"status": 700, "headers": {"X-Ok": ["yes", null]}}}],
             "metadata": {"pactSpecification": {"version": "3.0.0"}}}
            """)
        #expect(problems.count == 6, "\(problems)")
        for part in ["/interactions/0/request/headers/X-Count: expected text",
                     "/interactions/0/request/matchingRules/query/q/matchers/0/match: unsupported matcher \"telepathy\"",
                     "/interactions/0/request/matchingRules/body/$.a/matchers/0/regex:",
                     "/interactions/0/request/generators/header/X-Id/type: unknown generator \"Dice\"",
                     "/interactions/0/response/status: expected a status from 100 to 599, got 700",
                     "/interactions/0/response/headers/X-Ok/1: expected text"] {
            #expect(problems.contains { $0.contains(part) }, "\(part) in \(problems)")
        }
    }

    @Test func looksLikePactTellsPactsFromMappings() {
        #expect(PactFile.looksLikePact(Data(#"{"consumer":{"name":"a"},"provider":{"name":"b"},"interactions":[]}"#.utf8)))
        #expect(!PactFile.looksLikePact(Data(#"{"request":{"url":"/x"},"response":{"status":200}}"#.utf8)))
    }
}
