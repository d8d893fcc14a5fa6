package import StubKit

/// RFC 6455 frames as the server writes them (never masked) and reads
/// them (always masked): ``WebSocketFrameReader`` turns a client's bytes into
/// messages, control frames and, for a client that breaks the protocol, the
/// close that fails the connection.
package enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

    var isControl: Bool { rawValue & 0x8 != 0 }
}

package enum WebSocketFrames {
    /// One whole, unmasked server frame.
    package static func frame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        switch payload.count {
        case ..<126:
            bytes.append(UInt8(payload.count))
        case ..<65536:
            bytes.append(126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(127)
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(56 - $0 * 8)) }
        }
        return bytes + payload
    }

    /// A message as one frame.
    package static func frame(_ message: WebSocketMessage) -> [UInt8] {
        switch message {
        case .text(let text): frame(.text, Array(text.utf8))
        case .binary(let bytes): frame(.binary, bytes)
        }
    }

    /// A Close frame: the code, then the reason cut to fit 125 bytes on a character boundary.
    package static func close(_ close: WebSocketClose) -> [UInt8] {
        var reason = Array(close.reason.utf8)
        while reason.count > 123 {
            reason.removeLast()
            while let last = reason.last, last & 0xC0 == 0x80 { reason.removeLast() }
            if let last = reason.last, last >= 0xC0 { reason.removeLast() }
        }
        return frame(.close, [UInt8(close.code >> 8), UInt8(close.code & 0xFF)] + reason)
    }
}

/// Reads a client's frames incrementally, in whatever pieces the bytes
/// arrive, enforcing RFC 6455: masking, the shortest length form, reserved
/// bits and opcodes, control frames of at most 125 bytes and never
/// fragmented, fragments in order (control frames may come between them),
/// UTF-8 text (a code point may span fragments; checked when the message is
/// whole), close codes and reasons. The first breach ends the reading with
/// the close that fails the connection: 1002, 1007 for bad UTF-8, 1009 for
/// a message over ``maximumMessageBytes``.
package struct WebSocketFrameReader: Sendable {
    /// What the bytes read so far said, in order.
    package enum Event: Sendable, Equatable {
        /// A whole message.
        case message(WebSocketMessage)
        /// A ping with its payload (to be answered with a pong of the same payload).
        case ping([UInt8])
        /// A pong.
        case pong([UInt8])
        /// The client's Close: its code (none when the frame had no payload) and reason.
        case close(WebSocketClose?)
        /// The client broke the protocol: fail the connection with this close.
        case failure(WebSocketClose)
    }

    /// The largest message accepted; a bigger one fails with 1009.
    package var maximumMessageBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var fragmented: (opcode: WebSocketOpcode, bytes: [UInt8])?
    /// Whether reading ended (a failure or the client's Close): later bytes are ignored.
    package private(set) var ended = false

    package init(maximumMessageBytes: Int = 16 << 20) {
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// The events `bytes` complete, in order.
    package mutating func read(_ bytes: some Sequence<UInt8>) -> [Event] {
        guard !ended else { return [] }
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        while !ended, let event = next() {
            events.append(event)
            if case .failure = event { ended = true }
            if case .close = event { ended = true }
        }
        if start > 4096, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return events
    }

    /// The next event the buffer holds whole, if any.
    private mutating func next() -> Event? {
        while true {
            let available = buffer.count - start
            guard available >= 2 else { return nil }
            let first = buffer[start], second = buffer[start + 1]
            let fin = first & 0x80 != 0
            guard first & 0x70 == 0 else { return .failure(.protocolError("a reserved bit is set and no extension was agreed")) }
            guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
                return .failure(.protocolError("opcode \(first & 0x0F) is reserved"))
            }
            guard second & 0x80 != 0 else { return .failure(.protocolError("a client frame must be masked")) }
            var header = 2
            var length = UInt64(second & 0x7F)
            if length == 126 {
                guard available >= 4 else { return nil }
                length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
                guard length >= 126 else { return .failure(.protocolError("a length that fits 7 bits must not use the 16-bit form")) }
                header = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                length = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
                guard length >> 63 == 0 else { return .failure(.protocolError("a 64-bit length must have its top bit clear")) }
                guard length >= 65536 else { return .failure(.protocolError("a length that fits 16 bits must not use the 64-bit form")) }
                header = 10
            }
            if opcode.isControl {
                guard length <= 125 else { return .failure(.protocolError("a control frame carries at most 125 bytes")) }
                guard fin else { return .failure(.protocolError("a control frame must not be fragmented")) }
            }
            let held = UInt64(fragmented?.bytes.count ?? 0)
            guard length <= UInt64(maximumMessageBytes) - min(held, UInt64(maximumMessageBytes)) else {
                return .failure(.tooBig("a message is over \(maximumMessageBytes) bytes"))
            }
            guard available >= header + 4 + Int(length) else { return nil }
            let key = Array(buffer[(start + header)..<(start + header + 4)])
            let payloadStart = start + header + 4
            var payload = Array(buffer[payloadStart..<(payloadStart + Int(length))])
            for index in payload.indices { payload[index] ^= key[index & 3] }
            start = payloadStart + Int(length)
            if let event = frame(opcode, fin: fin, payload: payload) { return event }
        }
    }

    /// The event a whole frame makes, if any (a fragment makes none yet).
    private mutating func frame(_ opcode: WebSocketOpcode, fin: Bool, payload: [UInt8]) -> Event? {
        switch opcode {
        case .ping: return .ping(payload)
        case .pong: return .pong(payload)
        case .close: return Self.close(payload)
        case .text, .binary:
            guard fragmented == nil else { return .failure(.protocolError("a new message began before the fragmented one ended")) }
            if fin { return Self.message(opcode, payload) }
            fragmented = (opcode, payload)
            return nil
        case .continuation:
            guard var open = fragmented else { return .failure(.protocolError("a continuation frame came with no message to continue")) }
            open.bytes += payload
            guard fin else {
                fragmented = open
                return nil
            }
            fragmented = nil
            return Self.message(open.opcode, open.bytes)
        }
    }

    private static func message(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> Event {
        guard opcode == .text else { return .message(.binary(payload)) }
        guard let text = String(validating: payload, as: UTF8.self) else { return .failure(.invalidData("a text message is not valid UTF-8")) }
        return .message(.text(text))
    }

    private static func close(_ payload: [UInt8]) -> Event {
        if payload.isEmpty { return .close(nil) }
        guard payload.count >= 2 else { return .failure(.protocolError("a close payload of 1 byte has no whole status code")) }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketClose.isSendable(code) else { return .failure(.protocolError("close code \(code) may not be sent")) }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
            return .failure(.invalidData("a close reason is not valid UTF-8"))
        }
        return .close(WebSocketClose(code: code, reason: reason))
    }
}
