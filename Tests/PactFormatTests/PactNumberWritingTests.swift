import Foundation
@testable import PactFormat
import StubKit
import Testing

/// To the Pact tools `10` is an integer and `10.0` a decimal, by spelling
/// (`pact verifier`: "Expected 40.0 (Decimal) to be equal to 40 (Integer)").
/// The pacts we write keep a decimal a decimal: where the pact read wrote it
/// so, where the request or answer recorded wrote it so, and where a
/// `decimal` rule governs a whole number, which `10` would contradict.
@Suite struct PactNumberWritingTests {
    static let ruled = """
        {"consumer": {"name": "App"}, "provider": {"name": "Api"},
         "interactions": [{"description": "a quote",
           "request": {"method": "GET", "path": "/quote"},
           "response": {"status": 200, "headers": {"Content-Type": "application/json"},
             "body": {"total": 10, "count": 3, "lines": [{"price": 2}, {"price": 2.5}], "rates": {"a": 1, "b": 7}, "kept": 40.0},
             "matchingRules": {"body": {
               "$.total": {"matchers": [{"match": "decimal"}]},
               "$.count": {"matchers": [{"match": "integer"}]},
               "$.lines[*].price": {"matchers": [{"match": "decimal"}]},
               "$.rates": {"matchers": [{"match": "eachValue", "rules": [{"match": "decimal"}]}]}}}}}],
         "metadata": {"pactSpecification": {"version": "4.0"}}}
        """

    @Test(arguments: [PactVersion.v3, .v4])
    func wholeNumbersADecimalRuleGovernsAreWrittenAsDecimals(_ version: PactVersion) throws {
        let pact = try PactFile.read(Data(Self.ruled.utf8), file: "ruled.json")
        let text = PactWriter.text(consumer: "App", provider: "Api", interactions: pact.interactions, version: version)
        for written in [#""total": 10.0"#, #""count": 3"#, #""price": 2.0"#, #""price": 2.5"#, #""a": 1.0"#, #""b": 7.0"#, #""kept": 40.0"#] {
            #expect(text.contains(written), "\(written) in \(text)")
        }
        let again = try PactFile.read(Data(text.utf8), file: "written.json")
        #expect(again.interactions.map(\.response.body) == pact.interactions.map(\.response.body), "the same values read back")
        let answer = try #require(again.interactions.first?.response)
        guard case .json(let example) = answer.body else { Issue.record("the answer's body is JSON"); return }
        let shape = Shape(example: example, rules: answer.rules.body)
        #expect(shape.mismatches(json: answer.bodyData) == [], "the pact's example satisfies its own rules: \(String(decoding: answer.bodyData, as: UTF8.self))")
    }

    @Test func aStubServingThePactAnswersTheDecimalsItsRulesAskFor() throws {
        let pact = try PactFile.read(Data(Self.ruled.utf8), file: "ruled.json")
        let served = String(decoding: try #require(pact.interactions.first).response.bodyData, as: UTF8.self)
        #expect(served == #"{"count":3,"kept":40.0,"lines":[{"price":2.0},{"price":2.5}],"rates":{"a":1.0,"b":7.0},"total":10.0}"#)
    }

    @Test func aRecordedRequestAndAnswerKeepTheirDecimals() throws {
        let stub = Post("/payments").body(.like(["amount": 1.5, "count": 1], rules: ["$.amount": .decimal]))
            .respond(.json(#"{"charged":12.0,"items":2}"#))
        let sent = RecordedRequest(method: "POST", target: "/payments", headers: ["Content-Type": "application/json"],
                                   body: Data(#"{"amount":12.0,"count":2}"#.utf8))
        let interaction = try PactInteractionBuilder.interaction(for: stub, answering: sent)
        let text = PactWriter.interaction(interaction, .v4).text
        #expect(text.contains(#""amount": 12.0"#) && text.contains(#""count": 2"#), "\(text)")
        #expect(text.contains(#""charged": 12.0"#) && text.contains(#""items": 2"#), "compared by equality, 12.0 is not 12 to pact verifier: \(text)")
    }

    @Test func aNumberNoRuleAsksForIsWrittenAsItsValueReads() throws {
        let stub = Get("/count").respond(.json(#"{"n":3}"#))
        let interaction = try PactInteractionBuilder.interaction(for: stub, answering: RecordedRequest(method: "GET", target: "/count"))
        #expect(PactWriter.interaction(interaction, .v3).text.contains(#""n": 3"#))
        #expect(interaction.response.bodySpelling?.decimals == JSONDecimals.none, "a body without a `.` or an exponent has no decimal")
    }
}
