/// Reads a `text/event-stream` as a conforming client (EventSource) does
/// (WHATWG HTML §9.2.5-9.2.6), fed bytes as they arrive: the events it
/// dispatches, the last event id, the reconnection time, and what is left
/// unfinished at the end.
public struct EventStreamReader: Sendable {
    /// A dispatched event: type (`message` when none was set), data, and the last event id then.
    public struct Dispatched: Sendable, Hashable {
        /// The event type.
        public var type: String
        /// The data, lines joined by LF.
        public var data: String
        /// The last event id when it was dispatched.
        public var lastEventID: String

        /// An event of `type` with `data`, dispatched with `lastEventID`.
        public init(type: String, data: String, lastEventID: String) {
            self.type = type
            self.data = data
            self.lastEventID = lastEventID
        }
    }

    /// The last event id (what a reconnect sends as `Last-Event-ID`).
    public private(set) var lastEventID = ""
    /// The reconnection time the stream set, if any.
    public private(set) var retry: Duration?
    /// The comments read, in order.
    public private(set) var comments: [String] = []

    private var pending: [UInt8] = []
    private var sawBOM = false
    private var afterCR = false
    private var data = ""
    private var hasData = false
    private var type = ""
    private var idBuffer: String?

    /// A reader at the start of a stream.
    public init() {}

    /// Reads `bytes`; returns the events they complete, in order.
    public mutating func read(_ bytes: some Sequence<UInt8>) -> [Dispatched] {
        var events: [Dispatched] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0A || byte == 0x0D {
                afterCR = byte == 0x0D
                if let event = line(pending) { events.append(event) }
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
        return events
    }

    /// Whether bytes of an event are waiting for the blank line that would
    /// dispatch it (a stream cut mid-event; a client discards them).
    public var hasUnfinishedEvent: Bool { !pending.isEmpty || hasData || !type.isEmpty || idBuffer != nil }

    private mutating func line(_ bytes: [UInt8]) -> Dispatched? {
        var text = String(decoding: bytes, as: UTF8.self)
        if !sawBOM {
            sawBOM = true
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") {
            let comment = text.dropFirst()
            comments.append(String(comment.hasPrefix(" ") ? comment.dropFirst() : comment))
            return nil
        }
        let name: Substring, value: Substring
        if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            let rest = text[text.index(after: colon)...]
            value = rest.hasPrefix(" ") ? rest.dropFirst() : rest
        } else {
            name = Substring(text)
            value = ""
        }
        switch name {
        case "data":
            data += value + "\n"
            hasData = true
        case "event":
            type = String(value)
        case "id":
            if !value.contains("\u{0}") { idBuffer = String(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value) {
                retry = .milliseconds(milliseconds)
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> Dispatched? {
        if let idBuffer { lastEventID = idBuffer }
        idBuffer = nil
        defer { data = ""; hasData = false; type = "" }
        guard hasData else { return nil }
        return Dispatched(type: type.isEmpty ? "message" : type, data: String(data.dropLast()), lastEventID: lastEventID)
    }
}
