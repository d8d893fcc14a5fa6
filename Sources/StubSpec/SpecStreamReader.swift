import DocumentReader
import Foundation
import StubKit

// A response's stream in a spec file:
//
//   events: [ { data: one, id: "1" }, { event: update, data: "a\nb", after: 200ms }, { comment: hb }, { retry: 2s } ]
//   chunks: [ "first part", { text: "second part", after: 200ms }, { base64: AAEC } ]
//   every: 50ms                       # the pause before each piece without after:
//   end: close | cut | reset | open | { open: { heartbeat: still here, every: 15s } }

extension SpecStubReader {
    /// The keys a streamed response adds beside `events:` or `chunks:`.
    static let streamKeys = ["every", "end"]

    /// `events:` (a `text/event-stream`) or `chunks:` (paced pieces) with
    /// `every:` and `end:`, as the response's stream.
    mutating func stream(_ fields: DocumentMembers) -> ResponseStream? {
        let pace = fields["every"].flatMap { reading.duration($0) } ?? .zero
        let end = fields["end"].flatMap { self.end($0) } ?? .close
        if let eventsNode = fields["events"] {
            guard let items = reading.items(eventsNode) else { return nil }
            var pieces: [ResponseStream.Piece] = []
            for item in items {
                guard let parts = reading.members(item, allowed: ["data", "event", "id", "retry", "comment", "after"]) else { return nil }
                let event = ServerSentEvent(
                    data: parts["data"].flatMap { reading.string($0) }, event: parts["event"].flatMap { reading.string($0) },
                    id: parts["id"].flatMap { reading.string($0) }, retry: parts["retry"].flatMap { reading.duration($0) },
                    comment: parts["comment"].flatMap { reading.string($0) })
                if event.data == nil, event.event == nil, event.id == nil, event.retry == nil, event.comment == nil {
                    reading.fail(item, "an event needs data, event, id, retry or comment")
                    return nil
                }
                pieces.append(ResponseStream.Piece(after: parts["after"].flatMap { reading.duration($0) } ?? pace, event: event))
            }
            return ResponseStream(pieces: pieces, end: end)
        }
        guard let chunksNode = fields["chunks"], let items = reading.items(chunksNode) else { return nil }
        var pieces: [ResponseStream.Piece] = []
        for item in items {
            if let text = item.isScalar ? reading.string(item) : nil {
                pieces.append(ResponseStream.Piece(after: pace, bytes: Array(text.utf8)))
                continue
            }
            guard let parts = reading.members(item, allowed: ["text", "base64", "after"]) else { return nil }
            let after = parts["after"].flatMap { reading.duration($0) } ?? pace
            if let text = parts["text"].flatMap({ reading.string($0) }) {
                pieces.append(ResponseStream.Piece(after: after, bytes: Array(text.utf8)))
            } else if let node = parts["base64"], let data = base64(node) {
                pieces.append(ResponseStream.Piece(after: after, bytes: Array(data)))
            } else {
                reading.fail(item, "a chunk is text, { text: …, after: … } or { base64: …, after: … }")
                return nil
            }
        }
        return ResponseStream(pieces: pieces, end: end)
    }

    /// `close`, `cut`, `reset`, `open`, or `{ open: { heartbeat: text, every: 15s } }`.
    private mutating func end(_ node: DocumentNode) -> ResponseStream.End? {
        if node.isScalar {
            switch reading.string(node) {
            case "close": return .close
            case "cut": return .cut
            case "reset": return .reset
            case "open": return .keepOpen()
            default:
                reading.fail(node, "end is close, cut, reset, open or { open: { heartbeat: …, every: … } }")
                return nil
            }
        }
        guard let fields = reading.members(node, allowed: ["open"]), let open = fields["open"],
              let parts = reading.members(open, allowed: ["heartbeat", "every"]) else { return nil }
        let heartbeat = parts["heartbeat"].flatMap { reading.string($0) }.map { ServerSentEvent.heartbeat($0) }
        return .keepOpen(heartbeat: heartbeat, every: parts["every"].flatMap { reading.duration($0) } ?? .seconds(15))
    }
}
