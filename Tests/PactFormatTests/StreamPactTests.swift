import PactFormat
import StubKit
import Testing

/// A pact cannot state a stream: a streamed stub is left out, saying why.
@Suite struct StreamPactTests {
    @Test func aStreamedStubIsLeftOutOfAPactSayingWhy() {
        let stub = Get("/feed").respond(.eventStream([.message("one")]))
        let error = #expect(throws: PactLeftOut.self) {
            _ = try PactInteractionBuilder.interaction(for: stub, answering: RecordedRequest(method: "GET", target: "/feed"))
        }
        #expect("\(String(describing: error))".contains("which a pact cannot state"))
    }
}
