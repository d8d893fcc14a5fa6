import Foundation
import StubKit
@testable import StubSpec
import Testing

/// Streams in spec files: `events:` and `chunks:` with `every:` and `end:`,
/// read into the DSL's values, refused with line and key when wrong, and
/// written for another process byte for byte.
@Suite struct SpecStreamTests {
    static func stream(_ stub: Stub) -> ResponseStream? {
        guard case .fixed(let response) = stub.response else { return nil }
        return response.stream
    }

    @Test func eventsReadAsTheDSLWritesThem() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request: { method: GET, path: /feed }
                response:
                  events:
                    - { data: one, id: "1" }
                    - { event: update, data: "a\\nb", after: 200ms }
                    - { comment: still here }
                  every: 50ms
                  end: { open: { heartbeat: hb, every: 15s } }
            """, name: "feed.yaml", directory: URL(fileURLWithPath: "/tmp"))
        let stub = try #require(spec.stubs.first)
        let expected = ResponseStream(pieces: [
            .init(after: .milliseconds(50), event: .message("one", id: "1")),
            .init(after: .milliseconds(200), event: ServerSentEvent(data: "a\nb", event: "update")),
            .init(after: .milliseconds(50), event: .heartbeat("still here")),
        ], end: .keepOpen(heartbeat: .heartbeat("hb"), every: .seconds(15)))
        #expect(Self.stream(stub) == expected)
        guard case .fixed(let response) = stub.response else { return }
        #expect(response.headers["Content-Type"] == "text/event-stream")
        #expect(response.headers["Cache-Control"] == "no-cache")
    }

    @Test func chunksReadAsTextOrBytesEachAfterItsPause() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request: { path: /paced }
                response:
                  headers: { Content-Type: text/plain }
                  chunks: [ "ab", { text: cd, after: 1s }, { base64: AAEC } ]
                  end: cut
            """, name: "paced.yaml", directory: URL(fileURLWithPath: "/tmp"))
        let stream = try #require(spec.stubs.first.flatMap(Self.stream))
        #expect(stream.pieces.map(\.bytes) == [Array("ab".utf8), Array("cd".utf8), [0, 1, 2]])
        #expect(stream.pieces.map(\.after) == [.zero, .seconds(1), .zero])
        #expect(stream.end == .cut)
    }

    @Test func aWrongStreamIsRefusedWithItsLineAndKey() {
        #expect(SpecErrorTests.problems("""
            stubs:
              - request: { path: /feed }
                response:
                  events: [ { after: 1s } ]
            """) == ["bad.yaml:4:17: error: stubs[0].response.events[0]: an event needs data, event, id, retry or comment"])
        #expect(SpecErrorTests.problems("""
            stubs:
              - request: { path: /feed }
                response: { body: x, every: 1s }
            """).first?.contains("every: and end: go with events: or chunks:") == true)
        #expect(SpecErrorTests.problems("""
            stubs:
              - request: { path: /feed }
                response:
                  events: [ { data: x } ]
                  end: sometimes
            """).first?.contains("end is close, cut, reset, open or { open: { heartbeat: …, every: … } }") == true)
    }

    @Test func aStreamTravelsToAnotherProcessByteForByte() throws {
        let stubs = [
            Get("/feed").respond(.eventStream([.message("one", id: "1"), ServerSentEvent(data: "x", retry: .seconds(2))], every: .milliseconds(20),
                                              end: .keepOpen(heartbeat: .heartbeat("hb"), every: .seconds(5)))),
            Get("/paced").respond(.stream(ResponseStream(pieces: [.init(bytes: [0, 255]), .init(after: .milliseconds(7), bytes: Array("t".utf8))],
                                                         end: .cut))),
            Get("/reset").respond(.stream(ResponseStream(pieces: [.init(bytes: Array("x".utf8))], end: .reset))),
        ]
        let text = try SpecWriter.document(stubs)
        let read = try StubSpec.parse(text, name: "remote", directory: URL(fileURLWithPath: "/"))
        #expect(read.stubs.map(Self.stream) == stubs.map(Self.stream))
    }

    @Test func anEventStreamIsWrittenAsEventsAndOtherPiecesAsChunks() throws {
        let text = try SpecWriter.document([
            Get("/feed").respond(.eventStream([.message("one", id: "1"), ServerSentEvent(data: "a\nb", event: "update", retry: .seconds(2))],
                                              every: .milliseconds(20))),
            Get("/paced").respond(.stream(ResponseStream(pieces: [.init(bytes: Array("not an event".utf8))]))),
        ])
        #expect(text.contains(#""events""#) && text.contains(#""chunks""#), "\(text)")
        #expect(text.contains(#""data": "one""#) && !text.contains("data: one"), "events are written as their fields, not their bytes: \(text)")
        #expect(ServerSentEvent(exactly: Array("data: x\r\n\r\n".utf8)) == nil, "CRLF framing stays a chunk, byte for byte")
        #expect(ServerSentEvent(exactly: Array("data: x\n\n".utf8)) == .message("x"))
    }

    @Test func aStreamFedByTheTestIsRefusedByName() throws {
        #expect {
            try SpecWriter.document([Get("/chat").respond(.eventStream([], end: .fedByTest))])
        } throws: { error in
            "\(error)".contains("its stream is fed by the test (end: .fedByTest), which only a Swift test can do")
        }
    }
}
