import Foundation

/// One Server-Sent Event as a stream carries it (WHATWG HTML §9.2): data,
/// an event type, an id, a reconnection time, or a comment alone (a
/// heartbeat). ``encoded`` writes it; ``EventStreamReader`` reads it back.
public struct ServerSentEvent: Sendable, Hashable, CustomStringConvertible {
    /// The data; several lines become several `data:` lines. `nil` sends no
    /// `data:` line (an `id:` or `retry:` block, a comment).
    public var data: String?
    /// The event type (`event:`); `nil` means `message`.
    public var event: String?
    /// The id (`id:`), which the client sends back as `Last-Event-ID` when it reconnects.
    public var id: String?
    /// The reconnection time the client should wait (`retry:`, whole milliseconds).
    public var retry: Duration?
    /// A comment line (`: …`), which clients ignore: a heartbeat.
    public var comment: String?

    /// An event.
    public init(data: String? = nil, event: String? = nil, id: String? = nil, retry: Duration? = nil, comment: String? = nil) {
        self.data = data
        self.event = event
        self.id = id
        self.retry = retry
        self.comment = comment
    }

    /// A `message` event with `data`.
    public static func message(_ data: String, id: String? = nil) -> ServerSentEvent { ServerSentEvent(data: data, id: id) }

    /// A comment alone, as servers send to keep a connection from idling out.
    public static func heartbeat(_ text: String = "heartbeat") -> ServerSentEvent { ServerSentEvent(comment: text) }

    /// The event's bytes, ended by the blank line that dispatches it:
    /// `: comment`, `event:`, `id:`, `retry:`, then one `data:` line per line
    /// of data (a line break inside data, CR, LF or CRLF, starts a new line).
    public var encoded: [UInt8] {
        var text = ""
        if let comment {
            for line in Self.lines(of: comment) { text += ":" + (line.isEmpty ? "" : " " + line) + "\n" }
        }
        if let event { text += "event: \(Self.singleLine(event))\n" }
        if let id { text += "id: \(Self.singleLine(id))\n" }
        if let retry { text += "retry: \(retry.components.seconds * 1000 + retry.components.attoseconds / 1_000_000_000_000_000)\n" }
        if let data {
            for line in Self.lines(of: data) { text += "data:" + (line.isEmpty ? "" : " " + line) + "\n" }
        }
        return Array((text + "\n").utf8)
    }

    /// `data: …`, `event: …`, or the comment, for reports.
    public var description: String {
        var parts: [String] = []
        if let event { parts.append("event: \(event)") }
        if let id { parts.append("id: \(id)") }
        if let retry { parts.append("retry: \(retry)") }
        if let data { parts.append("data: \(data.debugDescription)") }
        if let comment { parts.append(": \(comment)") }
        return parts.joined(separator: ", ")
    }

    /// The event whose ``encoded`` bytes are exactly `bytes` (one event and
    /// its blank line, as this type writes them); `nil` for anything else.
    public init?(exactly bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n\n"), !text.contains("\r") else { return nil }
        var event = ServerSentEvent()
        var comments: [String] = []
        var data: [String] = []
        for line in text.dropLast(2).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") {
                comments.append(String(line.dropFirst(line.hasPrefix(": ") ? 2 : 1)))
                continue
            }
            let name = line.prefix { $0 != ":" }
            var value = line.dropFirst(name.count)
            if value.hasPrefix(":") { value = value.dropFirst() }
            if value.hasPrefix(" ") { value = value.dropFirst() }
            switch name {
            case "data": data.append(String(value))
            case "event" where event.event == nil: event.event = String(value)
            case "id" where event.id == nil: event.id = String(value)
            case "retry" where event.retry == nil:
                guard let milliseconds = Int(value) else { return nil }
                event.retry = .milliseconds(milliseconds)
            default: return nil
            }
        }
        if !comments.isEmpty { event.comment = comments.joined(separator: "\n") }
        if !data.isEmpty { event.data = data.joined(separator: "\n") }
        guard event.encoded == bytes else { return nil }
        self = event
    }

    /// `text` split at CRLF, LF or CR.
    static func lines(of text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A field value that cannot break its line: line breaks become spaces.
    private static func singleLine(_ value: String) -> String { lines(of: value).joined(separator: " ") }
}
