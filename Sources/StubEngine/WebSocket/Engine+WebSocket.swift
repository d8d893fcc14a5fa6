import Foundation
import HTTPWire
package import StubKit

extension Engine {
    /// A WebSocket stub's answer: the handshake's 101, whose connection runs
    /// `conversation` (and is offered to the test); or the refusal (400, or
    /// 426 naming version 13) of a request that is not a valid handshake.
    func webSocketAnswer(_ conversation: WebSocketConversation, request: RecordedRequest, slot: StubSlot, ticket: JournalTicket) -> Answer {
        switch WebSocketHandshake.answer(request, protocols: conversation.protocols) {
        case .failure(let refusal):
            var headers: [(name: String, value: String)] = [("Content-Type", "text/plain; charset=utf-8")]
            if refusal.status == 426 { headers.append(("Sec-WebSocket-Version", "13")) }
            return .response(HTTPResponse(status: refusal.status, headers: headers,
                                          text: "Understudy: \(refusal.reason) (stub declared at \(slot.stub.location))\n"))
        case .success(let accepted):
            let journal = self.journal, issues = self.issues, sockets = self.openWebSockets, stub = slot.stub, scenarios = self.scenarios
            return .upgrade(head: HTTPResponse(status: 101, headers: accepted.headers)) { channel in
                let session = WebSocketSession(channel: channel, conversation: conversation, request: request,
                                               subprotocol: accepted.subprotocol, stub: stub, ticket: ticket, journal: journal, issues: issues,
                                               scenarios: scenarios)
                session.start()
                sockets.offer(LiveWebSocket(session: session))
            }
        }
    }

    /// The next WebSocket connection whose handshake matches `pattern`
    /// (what a server's `nextWebSocket(matching:)` returns).
    package func nextWebSocket(matching pattern: RequestPattern, timeout: Duration, location: CodeLocation) async throws -> LiveWebSocket {
        let journal = self.journal
        return try await openWebSockets.next(matching: pattern, timeout: timeout, redaction: redaction, location: location,
                                             arrived: { journal.entries })
    }
}
