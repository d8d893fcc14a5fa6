import Foundation
import LegacyDigests
package import StubKit

/// The server's side of the opening handshake (RFC 6455 §4.2): checks the
/// request, and either answers `101 Switching Protocols` with the accept
/// value and the chosen subprotocol, or refuses with 400 (426 for a version
/// other than 13, naming 13) and says what is wrong.
package enum WebSocketHandshake {
    /// The GUID RFC 6455 appends to the client's key.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// What the handshake settled.
    package struct Accepted: Sendable {
        /// The 101's headers: `Upgrade`, `Sec-WebSocket-Accept` and, when one
        /// was chosen, `Sec-WebSocket-Protocol` (libmicrohttpd adds `Connection: Upgrade`).
        package var headers: [(name: String, value: String)]
        /// The subprotocol chosen, if any.
        package var subprotocol: String?
    }

    /// `Sec-WebSocket-Accept` for `key`: base64 of SHA-1 of the key as sent plus the GUID.
    package static func accept(key: String) -> String {
        Data(SHA1.hash((key + guid).utf8).bytes).base64EncodedString()
    }

    /// The 101 for `request`, speaking one of `protocols`; or the refusal.
    package static func answer(_ request: RecordedRequest, protocols: [String]) -> Result<Accepted, HandshakeRefusal> {
        func tokens(_ name: String) -> [String] {
            request.headers.values(for: name).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        guard request.method == "GET" else { return .failure(HandshakeRefusal(status: 400, "a WebSocket handshake is a GET, not \(request.method)")) }
        guard tokens("Upgrade").contains(where: { $0.lowercased() == "websocket" }) else {
            return .failure(HandshakeRefusal(status: 400, "the request is not a WebSocket handshake: no Upgrade: websocket"))
        }
        guard tokens("Connection").contains(where: { $0.lowercased() == "upgrade" }) else {
            return .failure(HandshakeRefusal(status: 400, "the handshake's Connection header has no Upgrade token"))
        }
        guard request.headers.values(for: "Sec-WebSocket-Version").first?.trimmingCharacters(in: .whitespaces) == "13" else {
            return .failure(HandshakeRefusal(status: 426, "the handshake asks for WebSocket version "
                                             + "\(request.headers.values(for: "Sec-WebSocket-Version").first ?? "(none)"); this server speaks 13"))
        }
        guard let key = request.headers.values(for: "Sec-WebSocket-Key").first?.trimmingCharacters(in: .whitespaces),
              let nonce = Data(base64Encoded: key), nonce.count == 16
        else { return .failure(HandshakeRefusal(status: 400, "the handshake's Sec-WebSocket-Key is not 16 bytes in base64")) }
        let offered = tokens("Sec-WebSocket-Protocol")
        let chosen = protocols.isEmpty ? offered.first : offered.first { protocols.contains($0) }
        var headers: [(name: String, value: String)] = [("Upgrade", "websocket"), ("Sec-WebSocket-Accept", accept(key: key))]
        if let chosen { headers.append(("Sec-WebSocket-Protocol", chosen)) }
        return .success(Accepted(headers: headers, subprotocol: chosen))
    }
}

/// Why a request got no WebSocket: its status and the reason in its body.
package struct HandshakeRefusal: Error, Sendable {
    package var status: Int
    package var reason: String

    init(status: Int, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}
