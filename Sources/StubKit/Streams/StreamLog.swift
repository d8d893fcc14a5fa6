import Foundation

/// What a journal knows of a streamed answer: the pieces that went out, in
/// order, and how the stream ended. Filled in while the stream is sent, so a
/// journal read mid-stream shows the pieces sent so far.
public struct StreamLog: Sendable, Hashable, Codable {
    /// The pieces handed to the connection so far (each one chunk on the wire).
    public var pieces: [[UInt8]]
    /// Whether the stream is over: its end was sent, or the client left.
    public var finished: Bool
    /// Whether the client went away before the stream's end (it cancelled,
    /// or closed the connection).
    public var clientHungUp: Bool

    /// A log of `pieces`, finished or not.
    public init(pieces: [[UInt8]] = [], finished: Bool = false, clientHungUp: Bool = false) {
        self.pieces = pieces
        self.finished = finished
        self.clientHungUp = clientHungUp
    }

    /// Every byte sent, in order.
    public var bytes: [UInt8] { pieces.flatMap { $0 } }

    /// The events sent, read as a client reads a `text/event-stream`
    /// (comments, a heartbeat among them, are not events).
    public var events: [EventStreamReader.Dispatched] {
        var reader = EventStreamReader()
        return reader.read(bytes)
    }
}

extension StreamLog {
    private enum CodingKeys: String, CodingKey { case pieces, finished, clientHungUp }
    private enum PieceKeys: String, CodingKey { case base64 }

    /// Each piece as a string when it is UTF-8 text, else `{"base64": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var pieces = container.nestedUnkeyedContainer(forKey: .pieces)
        for piece in self.pieces {
            if let text = String(validating: piece, as: UTF8.self) {
                try pieces.encode(text)
            } else {
                var coded = pieces.nestedContainer(keyedBy: PieceKeys.self)
                try coded.encode(Data(piece).base64EncodedString(), forKey: .base64)
            }
        }
        try container.encode(finished, forKey: .finished)
        try container.encode(clientHungUp, forKey: .clientHungUp)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var coded = try container.nestedUnkeyedContainer(forKey: .pieces)
        var pieces: [[UInt8]] = []
        while !coded.isAtEnd {
            if let text = try? coded.decode(String.self) {
                pieces.append(Array(text.utf8))
                continue
            }
            let object = try coded.nestedContainer(keyedBy: PieceKeys.self)
            let base64 = try object.decode(String.self, forKey: .base64)
            guard let bytes = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .base64, in: object, debugDescription: "not base64")
            }
            pieces.append(Array(bytes))
        }
        self.init(pieces: pieces, finished: try container.decode(Bool.self, forKey: .finished),
                  clientHungUp: try container.decode(Bool.self, forKey: .clientHungUp))
    }
}
