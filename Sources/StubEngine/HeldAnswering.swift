import Foundation
import HTTPWire
import Synchronization
package import StubKit

extension Engine {
    /// A held answer (``HeldAnswer``): the request waits, no thread held,
    /// as a ``HeldCall`` for the test to take; the first of the test's
    /// answer, the timeout's `otherwise` and the client giving up ends it.
    func heldAnswer(_ held: HeldAnswer, slot: StubSlot, request: RecordedRequest, ticket: JournalTicket) -> Answer {
        .later { [self] sink in
            let sequence = ticket.sequence.load(ordering: .acquiring)
            let journal = self.journal
            let line = HeldLine(send: { settlement in
                let sent: Answer
                let made: StubResponse
                switch settlement {
                case .response(let response):
                    made = response
                    sent = self.finish.apply(self.sent(response, slot: slot), to: request, slot: slot)
                case .fault(let fault, let response):
                    made = response
                    sent = Self.apply(fault, to: self.finish.apply(self.sent(response, slot: slot), to: request, slot: slot))
                }
                journal.complete(sequence, status: sent.sentStatus,
                                 served: self.keepsServedResponses.load(ordering: .relaxed) ? made : nil)
                sink.send(sent)
            }, gaveUp: { date in journal.markAbandoned(sequence, at: date) })
            sink.onHangUp { line.clientGaveUp() }
            let call = HeldCall(request: request, sequence: sequence, line: line)
            heldCalls.offer(call)
            guard let timeout = held.timeout else { return }
            Timers.after(timeout) { [heldCalls] in
                _ = line.settle(.response(held.otherwise))
                heldCalls.withdraw { $0.sequence == sequence }
            }
        }
    }

    /// The next held call whose request matches `pattern` (what a server's
    /// `intercept(_:)` returns).
    package func nextHeldCall(matching pattern: RequestPattern, timeout: Duration, location: CodeLocation) async throws -> HeldCall {
        let journal = self.journal
        return try await heldCalls.next(matching: pattern, timeout: timeout, redaction: redaction, location: location,
                                        arrived: { journal.entries })
    }
}
