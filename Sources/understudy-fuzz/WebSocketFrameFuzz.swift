import StubEngine
import StubKit

/// The WebSocket frame reader (``WebSocketFrameReader``) on arbitrary client
/// bytes, fed whole and fed one byte at a time: it never traps, both
/// feedings give the same events, nothing follows a failure or a Close, and
/// every failure closes with a code a server may send (1002, 1007, 1009).
/// Each message it reads, framed again by the server's writer and masked,
/// reads back as the same message.
enum WebSocketFrameFuzz {
    static func run(_ bytes: [UInt8]) {
        var whole = WebSocketFrameReader(maximumMessageBytes: 4096)
        let events = whole.read(bytes)
        var split = WebSocketFrameReader(maximumMessageBytes: 4096)
        var pieces: [WebSocketFrameReader.Event] = []
        for byte in bytes { pieces += split.read([byte]) }
        if pieces != events { fatalError("the same bytes read differently fed one byte at a time: \(events) vs \(pieces)") }
        for (index, event) in events.enumerated() {
            switch event {
            case .failure(let close), .close(let close?):
                if index != events.count - 1 { fatalError("an event followed the end: \(events)") }
                if case .failure = event, ![1002, 1007, 1009].contains(close.code) { fatalError("a failure closes with \(close.code)") }
            case .message(let message):
                var again = WebSocketFrameReader()
                let reread = again.read(masked(WebSocketFrames.frame(message)))
                if reread != [.message(message)] { fatalError("a message framed again reads differently: \(message) -> \(reread)") }
            case .close(nil), .ping, .pong:
                break
            }
        }
    }

    /// A server frame as a client sends it: the mask bit set and a zero key (which leaves the payload as it is).
    private static func masked(_ frame: [UInt8]) -> [UInt8] {
        var bytes = frame
        bytes[1] |= 0x80
        let header = bytes[1] & 0x7F == 126 ? 4 : bytes[1] & 0x7F == 127 ? 10 : 2
        bytes.insert(contentsOf: [0, 0, 0, 0], at: header)
        return bytes
    }
}
