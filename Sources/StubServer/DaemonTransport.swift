import Foundation
import MicroHTTP
import StubEngine
import StubKit

// The libmicrohttpd transport's two conversions: a request that arrived on
// the daemon into the engine's recorded request, and the engine's answer
// into the daemon's reply.

extension RecordedRequest {
    /// The recorded form of a request that arrived on the daemon (borrowed:
    /// an initializer's argument is otherwise copied in whole, then taken apart).
    init(_ http: borrowing MicroHTTP.HTTPRequest) {
        self.init(
            method: http.method,
            target: http.target,
            headers: HTTPHeaders(pairs: http.headers),
            body: http.body.isEmpty ? Data() : Data(http.body),
            version: http.version,
            remoteAddress: http.remoteAddress,
            connectionID: http.connectionID
        )
        // Set only where there is one (mutual TLS): the assignment otherwise
        // copied and released a nil, and the whole request beside it.
        if let subject = http.clientCertificateSubject { clientCertificateSubject = subject }
    }
}

extension Answer {
    /// The daemon's reply for this answer. A prepared answer is sent as a
    /// libmicrohttpd response built the first time and shared after; a later
    /// answer resumes the suspended connection.
    var reply: Reply {
        switch self {
        case .response(let response): return .response(response)
        case .prepared(let prepared): return .prepared(prepared.form(PreparedResponse.init))
        case .stream(let head, let body): return .stream(head: head, body: body)
        case .upgrade(let head, let accept): return .upgrade(head: head, accept: accept)
        case .raw(let bytes): return .raw(bytes)
        case .closeConnection: return .closeConnection
        case .resetConnection: return .resetConnection
        case .later(let answer):
            return .later { responder in answer(AnswerSink(responder)) }
        }
    }
}

/// The daemon's held request takes the engine's later answer as its reply.
extension Responder: AnswerReceiver {
    /// Sends `answer` as the daemon's reply and resumes the connection.
    package func receive(_ answer: Answer) { send(answer.reply) }
}
