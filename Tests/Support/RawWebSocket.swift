import Foundation

/// A WebSocket client written frame by frame over a ``RawSocket``, to send
/// what no well-behaved client sends: unmasked or reserved frames, broken
/// fragments, bad UTF-8, bad close codes. Reads the server's frames back.
public final class RawWebSocket: @unchecked Sendable {
    /// One frame the server sent.
    public struct Frame: Sendable, Equatable, CustomStringConvertible {
        public var fin: Bool
        public var opcode: UInt8
        public var payload: [UInt8]

        /// The close code of a Close frame.
        public var closeCode: Int? {
            guard opcode == 0x8, payload.count >= 2 else { return nil }
            return Int(payload[0]) << 8 | Int(payload[1])
        }

        /// The payload as UTF-8 text.
        public var text: String { String(decoding: payload, as: UTF8.self) }

        public var description: String { "frame(opcode \(opcode), fin \(fin), \(payload.count) bytes)" }
    }

    public let socket: RawSocket
    /// The handshake's answer: its head only.
    public let handshake: ReceiveResult
    /// Bytes that came with the head (the first frames), not read as frames yet.
    private var early: [UInt8]
    private let lock = NSLock()

    private init(socket: RawSocket, answer: ReceiveResult) {
        self.socket = socket
        let end = answer.headEnd ?? answer.bytes.count
        self.handshake = ReceiveResult(bytes: Array(answer.bytes[..<end]), ending: answer.ending)
        self.early = Array(answer.bytes[end...])
    }

    /// Connects to `port` and sends a handshake for `path` with `headers`
    /// (a valid key and version unless `headers` says otherwise).
    public static func open(port: Int, path: String, headers: [String: String] = [:]) async throws -> RawWebSocket {
        let socket = try RawSocket(port: port)
        var fields = ["Host": "127.0.0.1:\(port)", "Upgrade": "websocket", "Connection": "Upgrade",
                      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"]
        for (name, value) in headers { fields[name] = value }
        let head = "GET \(path) HTTP/1.1\r\n" + fields.filter { !$0.value.isEmpty }.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
        try socket.send(head)
        let answer = await socket.receive(until: { $0.contains("\r\n\r\n") })
        return RawWebSocket(socket: socket, answer: answer)
    }

    /// A client frame: masked (unless `masked` is false), with the shortest length form unless `length` forces one.
    public static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true,
                             lengthForm: Int? = nil) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        let mask: UInt8 = masked ? 0x80 : 0
        switch lengthForm ?? (payload.count < 126 ? 7 : payload.count < 65536 ? 16 : 64) {
        case 7: bytes.append(mask | UInt8(payload.count))
        case 16: bytes += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [mask | 127] + (0..<8).map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(56 - $0 * 8)) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
    }

    /// A client text frame of `text`.
    public static func text(_ text: String, fin: Bool = true) -> [UInt8] { frame(0x1, Array(text.utf8), fin: fin) }

    /// A client Close frame with `code` and `reason` bytes.
    public static func close(_ code: Int?, reason: [UInt8] = []) -> [UInt8] {
        frame(0x8, code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] + reason } ?? reason)
    }

    /// Sends raw bytes (one or more frames).
    public func send(_ bytes: [UInt8]) throws { try socket.send(bytes) }

    /// The server's frames until one passes `stop`, or until it closes the connection.
    public func frames(until stop: @escaping @Sendable ([Frame]) -> Bool = { _ in false }) async -> (frames: [Frame], closed: Bool) {
        let early = lock.withLock { defer { self.early = [] }; return self.early }
        if stop(Self.parse(early)) { return (Self.parse(early), false) }
        let result = await socket.receive(untilBytes: { bytes in stop(Self.parse(early + bytes)) })
        return (Self.parse(early + result.bytes), result.ending == .closed || result.ending == .reset)
    }

    /// The server's whole frames in `bytes` (server frames are never masked).
    public static func parse(_ bytes: [UInt8]) -> [Frame] {
        var frames: [Frame] = []
        var index = 0
        while bytes.count - index >= 2 {
            var length = Int(bytes[index + 1] & 0x7F)
            var header = 2
            if length == 126 {
                guard bytes.count - index >= 4 else { break }
                length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                header = 4
            } else if length == 127 {
                guard bytes.count - index >= 10 else { break }
                length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[index + 2 + $1]) }
                header = 10
            }
            guard bytes.count - index >= header + length else { break }
            frames.append(Frame(fin: bytes[index] & 0x80 != 0, opcode: bytes[index] & 0x0F,
                                payload: Array(bytes[(index + header)..<(index + header + length)])))
            index += header + length
        }
        return frames
    }
}
