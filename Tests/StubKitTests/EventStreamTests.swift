import Foundation
import StubKit
import Testing

/// The event-stream writer and reader: the WHATWG parsing rules, and every
/// event the writer makes read back as written.
@Suite struct EventStreamTests {
    static func read(_ text: String) -> (events: [EventStreamReader.Dispatched], reader: EventStreamReader) {
        var reader = EventStreamReader()
        let events = reader.read(Array(text.utf8))
        return (events, reader)
    }

    @Test func theSpecificationsExampleFiresOneEvent() {
        let (events, reader) = Self.read(": hb\n\nretry: 2000\n\nid: 7\nevent: update\ndata: a\ndata: b\n\n")
        #expect(events == [.init(type: "update", data: "a\nb", lastEventID: "7")])
        #expect(reader.retry == .milliseconds(2000))
        #expect(reader.comments == ["hb"])
        #expect(reader.lastEventID == "7")
    }

    @Test func lineEndingsMixAndOneLeadingSpaceIsDropped() {
        let (events, _) = Self.read("\u{FEFF}data:  two spaces\r\ndata:none\r\rdata: x\n\n")
        #expect(events.map(\.data) == [" two spaces\nnone", "x"])
    }

    @Test func anIDCarriesOverAndAnEmptyIDResetsIt() {
        let (events, reader) = Self.read("id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\nid: bad\u{0}\ndata: d\n\n")
        #expect(events.map(\.lastEventID) == ["1", "1", "", ""])
        #expect(reader.lastEventID == "")
    }

    @Test func anEventWithoutItsBlankLineIsNotDispatched() {
        let (events, reader) = Self.read("data: whole\n\ndata: cut mid-ev")
        #expect(events.map(\.data) == ["whole"])
        #expect(reader.hasUnfinishedEvent)
    }

    @Test func retryTakesDigitsOnlyAndBlocksWithoutDataFireNothing() {
        let (events, reader) = Self.read("retry: 1s\n\nretry: 250\nid: 4\n\n: only a comment\n\n")
        #expect(events.isEmpty)
        #expect(reader.retry == .milliseconds(250))
        #expect(reader.lastEventID == "4")
    }

    @Test(arguments: [
        ServerSentEvent.message("hello"),
        ServerSentEvent(data: "line one\nline two\r\nline three", event: "update", id: "42"),
        ServerSentEvent(data: "", event: "ping"),
        ServerSentEvent(data: "{\"delta\":\"Hi\"}", event: "content_block_delta"),
        ServerSentEvent(data: "x", retry: .milliseconds(1500)),
    ])
    func whatTheWriterWritesTheReaderReadsBack(_ event: ServerSentEvent) {
        var reader = EventStreamReader()
        let events = reader.read(event.encoded)
        let expectedData = event.data.map { $0.replacingOccurrences(of: "\r\n", with: "\n") }
        #expect(events.map(\.data) == [expectedData ?? ""])
        #expect(events.first?.type == (event.event ?? "message"))
        #expect(events.first?.lastEventID == (event.id ?? ""))
        #expect(reader.retry == event.retry)
        #expect(!reader.hasUnfinishedEvent)
    }

    @Test func aHeartbeatIsACommentThatFiresNothing() {
        var reader = EventStreamReader()
        #expect(reader.read(ServerSentEvent.heartbeat().encoded).isEmpty)
        #expect(reader.comments == ["heartbeat"])
    }
}
