import StubKit
import StubRecording

/// The event-stream reader (``EventStreamReader``) on arbitrary bytes, fed
/// whole and fed one byte at a time: it never traps, both feedings dispatch
/// the same events, and every dispatched event, written again with
/// ``ServerSentEvent/encoded``, reads back as the same event. The recorder's
/// cut into events loses no byte, and each piece that reads as one exact
/// event (``ServerSentEvent/init(exactly:)``, what spec files write as
/// `events:`) writes back to the same bytes.
enum EventStreamFuzz {
    static func run(_ bytes: [UInt8]) {
        var whole = EventStreamReader()
        let events = whole.read(bytes)
        var split = EventStreamReader()
        var pieces: [EventStreamReader.Dispatched] = []
        for byte in bytes { pieces += split.read([byte]) }
        if pieces != events { fatalError("the same bytes dispatch differently fed one byte at a time") }
        if split.lastEventID != whole.lastEventID || split.retry != whole.retry { fatalError("the stream's state differs by feeding") }
        let cut = RecordedResponses.events(in: bytes)
        if Array(cut.joined()) != bytes { fatalError("cutting a recorded stream into events lost or moved bytes") }
        for piece in cut + [bytes] {
            if let exact = ServerSentEvent(exactly: piece), exact.encoded != piece { fatalError("an exact event writes back differently") }
        }
        for event in events {
            let written = ServerSentEvent(data: event.data, event: event.type == "message" ? nil : event.type,
                                          id: event.lastEventID.isEmpty || event.lastEventID.contains("\r") || event.lastEventID.contains("\n")
                                              ? nil : event.lastEventID)
            var again = EventStreamReader()
            let read = again.read(written.encoded)
            guard read.count == 1, read[0].data == event.data, read[0].type == event.type else {
                fatalError("an event written again reads differently: \(event) -> \(read)")
            }
        }
    }
}
