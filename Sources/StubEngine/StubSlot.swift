import Foundation
import HTTPWire
import StubKit

/// One prepared stub: the stub, its recipe once fixtures are read, and its
/// fixed response already in libmicrohttpd's form. Immutable and shared by
/// every server started from the same ``StubSet``; the servers' answer counts
/// live in ``AnswerCounts``. A class so that a request reaches the stub
/// through one reference instead of copying it.
final class StubSlot: Sendable {
    /// The stub.
    let stub: Stub
    /// The stub's pattern, copied out once: read from the stub's box, each
    /// request's match would copy it (retaining each of its lists) for every
    /// candidate.
    let request: RequestPattern
    /// The recipe served: the stub's, with fixture files read; copied out
    /// once, as ``request`` is.
    let recipe: ResponseRecipe
    /// The `times` limit, copied out of the stub for the hot path.
    let limit: Int?
    /// The scenario step, copied out as ``limit`` is: a read of one field
    /// through the stub's box moved the box's whole contents (`memmove`), a
    /// sixth of ranking 10,000 stubs for a near-miss report.
    let scenario: ScenarioStep?
    /// The stub's own compression choice, copied out as ``limit`` is.
    let compression: ResponseCompression?
    /// Whether answers must be counted: a `times` limit or a sequence needs
    /// the count; every other stub answers without taking the counts' lock.
    let counted: Bool
    /// The response of a fixed recipe, built once, sent without copying.
    let prepared: PreparedAnswer?
    /// Answers already built, by ``AnswerReuse`` key, when the stub promises reuse.
    let answers: AnswerCache?
    /// A WebSocket endpoint's conversation.
    let webSocket: WebSocketConversation?
    /// Whether every request it matches is answered with ``prepared`` as it
    /// is, at once: no guard, fault or delay of its own, no answer cache, no
    /// upgrade. (A server-wide delay is the engine's to check.)
    let answersPlainly: Bool

    init(stub: Stub, resolvedRecipe: ResponseRecipe?) {
        self.stub = stub
        self.limit = stub.times
        self.scenario = stub.scenario
        self.compression = stub.compression
        self.request = stub.request
        let recipe = resolvedRecipe ?? stub.response
        self.recipe = recipe
        self.answers = stub.answerReuse.map(AnswerCache.init)
        if case .fixed(let response) = recipe { self.webSocket = response.webSocket } else { self.webSocket = nil }
        switch recipe {
        case .fixed(let response) where response.reason == nil && response.stream == nil && response.webSocket == nil:
            self.prepared = PreparedAnswer(HTTPResponse(response, extraHeaders: stub.responseHeaders))
            self.counted = stub.times != nil
        case .sequence:
            self.prepared = nil
            self.counted = true
        default:
            self.prepared = nil
            self.counted = stub.times != nil
        }
        answersPlainly = prepared != nil && stub.guards.isEmpty && stub.fault == nil && stub.delay == nil && answers == nil
            && webSocket == nil && prepared?.response.status != 101
    }

    /// The path captures when ``request`` matches `recorded`, else `nil`.
    /// Called on the slot, whose life the call spans, so the pattern is read
    /// in place: `slot.request.match(…)` from outside copied the whole
    /// pattern first (the optimizer could not see the slot outlive the call).
    func match(_ recorded: RecordedRequest, reading: inout RequestReading) -> [String: String]? {
        request.match(recorded, reading: &reading)
    }
}
