import StubKit
import Testing

/// The one problem value every reader reports, printed one way.
@Suite struct StubProblemTests {
    @Test func aLocatedProblemReadsLikeACompilerError() {
        let problem = StubProblem(file: "specs/shop.yaml", line: 12, column: 7, key: "stubs[2].response.status",
                                  message: #"expected an integer, got "OK""#)
        #expect(problem.description == #"specs/shop.yaml:12:7: error: stubs[2].response.status: expected an integer, got "OK""#)
    }

    @Test func aProblemAtAPointerAloneReadsAsThePointerAndTheMessage() {
        let problem = StubProblem(pointer: "/interactions/0/request", message: "an interaction needs a request")
        #expect(problem.description == "/interactions/0/request: an interaction needs a request")
        #expect(problem.location.pointer == "/interactions/0/request")
        #expect(StubProblem(pointer: "", message: "not an object").description == "/: not an object")
    }

    @Test func itsSeverityIsPrintedWhereACompilerPrintsIt() {
        let problem = StubProblem(file: "wiremock/mappings/a.json", line: 9, column: 25, key: "/response/transformers",
                                  message: "response templating is not supported")
        #expect(problem.severity == .error)
        #expect(problem.with(.warning).description == "wiremock/mappings/a.json:9:25: warning: /response/transformers: response templating is not supported")
        #expect(problem.with(.note).description.contains(":9:25: note: "))
        #expect(problem.with(.warning) != problem, "the severity is part of the value")
    }

    @Test func aProblemCanBeThrownAlone() {
        #expect(throws: StubProblem.self) { throw StubProblem(pointer: "/a", message: "bad") }
    }
}
