import Foundation
import StubKit
import StubServer
import StubSpec
import Synchronization

/// Held calls through the admin API, for a test in another process (an iOS
/// UI test driving `understudy serve`): take the next held request, answer
/// it, fail it, or wait for its client to give up.
///
/// - `GET held/take?matching={request block}&timeout=5s`: the next held call
///   whose request matches, as its journal entry (408 with what arrived
///   instead when none came);
/// - `POST held/{sequence}/respond` with a spec response (`{"status": 200, "json": …}`);
/// - `POST held/{sequence}/fail` with `{"fault": "connectionReset", "response": {…}}`;
/// - `GET held/{sequence}/cancelled?timeout=5s`: `{"cancelledAt": ms}` once the
///   client gave up (408 while it waits, 409 when the call was answered).
extension AdminAPI {
    /// The pattern and wait of a `held/take`, or the answer refusing them.
    private func heldTake(_ request: RecordedRequest) -> Result<(RequestPattern, Duration), AdminRefusal> {
        guard let text = request.queryValue("matching") else {
            return .failure(AdminRefusal(AdminAnswer.error(400, "held/take needs matching=<a spec request block, such as {\"method\":\"GET\",\"path\":\"/x\"}>")))
        }
        let pattern: RequestPattern
        do {
            pattern = try StubSpec.requestPattern(text, name: "\(options.prefix)/held/take?matching")
        } catch let error as StubValidationError {
            return .failure(AdminRefusal(AdminAnswer.invalid(error)))
        } catch {
            return .failure(AdminRefusal(AdminAnswer.error(400, "\(error)")))
        }
        guard let timeout = Self.waitLimit(request) else {
            return .failure(AdminRefusal(AdminAnswer.error(400, "timeout is a duration such as 250ms or 2s (at most 300s)")))
        }
        return .success((pattern, timeout))
    }

    /// `held/take` answered without waiting (the fuzz target's way): the request checked, then 408.
    func takeHeldAtOnce(_ request: RecordedRequest) -> StubResponse {
        if case .failure(let refusal) = heldTake(request) { return refusal.answer }
        return AdminAnswer.error(408, "no held call arrived in time")
    }

    /// `held/{sequence}/cancelled` answered without waiting.
    func heldCancelledAtOnce(_ call: AdminCall) -> StubResponse {
        guard let held = taken(call.part(1)) else { return Self.unknownHeld(call.part(1)) }
        guard let when = held.cancelledAt else {
            return AdminAnswer.error(held.isOver ? 409 : 408, "the client of held call #\(held.sequence) has not given up")
        }
        return Self.encoded(["cancelledAt": (when.timeIntervalSince1970 * 1000).rounded()])
    }

    func takeHeld(_ request: RecordedRequest) async -> StubResponse {
        let pattern: RequestPattern, timeout: Duration
        switch heldTake(request) {
        case .failure(let refusal): return refusal.answer
        case .success(let taken): (pattern, timeout) = taken
        }
        do {
            let call = try await server.intercept(pattern, timeout: timeout)
            takenCalls.withLock { calls in
                // Kept after they end, so a late answer hears 409 rather than 404; the oldest go past 1,000.
                if calls.count >= 1_000, let oldest = calls.keys.min() { calls[oldest] = nil }
                calls[call.sequence] = call
            }
            let entry = server.journal.entry(call.sequence) ?? JournalEntry(sequence: call.sequence, request: call.request, outcome: .matched)
            return Self.encoded(entry)
        } catch let timedOut as HandoverTimeout {
            return AdminAnswer.error(408, "no held call arrived in time", detail: timedOut.report)
        } catch {
            return AdminAnswer.error(503, "the wait ended: \(error)")
        }
    }

    func answerHeld(_ call: AdminCall, failing: Bool) -> StubResponse {
        let text = String(decoding: call.request.body, as: UTF8.self)
        let name = "\(options.prefix)/held/\(call.part(1))/\(call.part(2))"
        // The answer is read first: a malformed one is a 422 whether or not the call exists.
        let answer: (fault: Fault?, response: StubResponse)
        do {
            answer = failing ? try StubSpec.failure(text, name: name) : (nil, try StubSpec.response(text, name: name))
        } catch let error as StubValidationError {
            return AdminAnswer.invalid(error)
        } catch {
            return AdminAnswer.error(400, "\(error)")
        }
        guard let held = taken(call.part(1)) else { return Self.unknownHeld(call.part(1)) }
        let sent = answer.fault.map { held.fail($0, response: answer.response) } ?? held.respond(answer.response)
        guard sent else {
            return AdminAnswer.error(409, "held call #\(held.sequence) is over: " + (held.cancelledAt == nil ? "it was answered" : "its client gave up"))
        }
        return StubResponse(status: 204)
    }

    func heldCancelled(_ call: AdminCall) async -> StubResponse {
        guard let held = taken(call.part(1)) else { return Self.unknownHeld(call.part(1)) }
        guard let timeout = Self.waitLimit(call.request) else {
            return AdminAnswer.error(400, "timeout is a duration such as 250ms or 2s (at most 300s)")
        }
        do {
            let when = try await held.cancelled(timeout: timeout)
            return Self.encoded(["cancelledAt": (when.timeIntervalSince1970 * 1000).rounded()])
        } catch let still as HeldCallNotCancelled {
            return AdminAnswer.error(still.answered ? 409 : 408, still.answered ? "held call #\(held.sequence) was answered first"
                                     : "the client of held call #\(held.sequence) is still waiting")
        } catch {
            return AdminAnswer.error(503, "the wait ended: \(error)")
        }
    }

    private func taken(_ segment: String) -> HeldCall? {
        Int(segment).flatMap { sequence in takenCalls.withLock { $0[sequence] } }
    }

    private static func unknownHeld(_ segment: String) -> StubResponse {
        AdminAnswer.error(404, "no held call #\(segment) was taken through held/take")
    }

    /// `timeout=` (5 s when absent, at most 300 s); `nil` when malformed.
    static func waitLimit(_ request: RecordedRequest) -> Duration? {
        switch request.queryValue("timeout").map(duration) {
        case nil: return .seconds(5)
        case let given??: return min(given, .seconds(300))
        case .some(nil): return nil
        }
    }
}

/// An admin answer refusing a request, as an error value.
struct AdminRefusal: Error {
    let answer: StubResponse
    init(_ answer: StubResponse) { self.answer = answer }
}
