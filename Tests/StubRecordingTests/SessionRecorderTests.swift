import Foundation
import MarvelStubs
import StubKit
import StubRecording
import Testing

/// The recorder on exchanges made by hand: what becomes a matcher, what a
/// placeholder, what is dropped, and what the secret scan finds.
@Suite struct SessionRecorderTests {
    /// Marvel's signing preset comes from its plug-in, registered as the command line registers it.
    init() { StubPlugins.register(.marvel) }

    private func request(_ target: String, method: String = "GET", headers: HTTPHeaders = [:], body: String = "") -> RecordedRequest {
        RecordedRequest(method: method, target: target, headers: headers, body: Data(body.utf8))
    }

    private func json(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json", "Date": "Mon, 23 Nov 2026 10:00:00 GMT"], body: Data(text.utf8))
    }

    @Test func marvelSignaturesLeaveTheMatchersAndTheKeyBecomesAPlaceholder() throws {
        let signed = "/v1/public/comics?limit=5&apikey=publicKEY1234&ts=1732460000001&hash=0123456789abcdef0123456789abcdef"
        let recording = SessionRecorder.record([
            RecordedExchange(request: request(signed), response: json(#"{"code":200,"data":{"results":[]}}"#)),
        ], source: "https://gateway.marvel.com")
        #expect(recording.signing?.keyVariable.name == "MARVEL_PUBLIC_KEY")
        #expect(recording.stubs.count == 1)
        let query = recording.stubs[0].request.query.map(\.name)
        #expect(query == ["limit"])
        #expect(Set(recording.placeholders.keys) == ["MARVEL_PUBLIC_KEY", "MARVEL_PRIVATE_KEY"])
        let files = try recording.files(specName: "marvel.yaml")
        let text = String(decoding: files[0].data, as: UTF8.self)
        #expect(!text.contains("publicKEY1234") && !text.contains("1732460000001") && !text.contains("0123456789abcdef"))
        #expect(text.contains(#"publicKey: "${MARVEL_PUBLIC_KEY}""#))
        #expect(!text.contains("Date"), "volatile response headers are dropped")
        #expect(SecretScan.findings(in: files, secrets: recording.secrets).isEmpty)
    }

    @Test func aLargeSignedAnswerGoesToAFixture() throws {
        let signed = "/v1/public/comics?limit=100&apikey=publicKEY1234&ts=1732460000001&hash=0123456789abcdef0123456789abcdef"
        let big = #"{"code":200,"data":{"results":["# + (0..<2000).map { "\($0)" }.joined(separator: ",") + "]}}"
        var answer = json(big)
        answer.headers = ["Content-Type": "application/json; charset=utf-8", "Etag": "abc"]
        let recording = SessionRecorder.record([RecordedExchange(request: request(signed), response: answer)], source: "marvel")
        #expect(recording.fixtures.map(\.path) == ["fixtures/get-v1-public-comics.json"])
    }

    @Test func largeBodiesGoToFixturesAndRepeatsBecomeASequence() throws {
        let big = "{\"items\":[" + (0..<2000).map { "\($0)" }.joined(separator: ",") + "]}"
        let recording = SessionRecorder.record([
            RecordedExchange(request: request("/items"), response: json(big)),
            RecordedExchange(request: request("/items"), response: json(big)),
            RecordedExchange(request: request("/count"), response: json(#"{"n":1}"#)),
            RecordedExchange(request: request("/count"), response: json(#"{"n":2}"#)),
        ], source: "upstream")
        #expect(recording.stubs.count == 2)
        #expect(recording.fixtures.map(\.path) == ["fixtures/get-items.json"])
        guard case .sequence(let steps) = recording.stubs[1].response else {
            Issue.record("expected a sequence, got \(recording.stubs[1].response)")
            return
        }
        #expect(steps.count == 2)
        let pretty = String(decoding: recording.fixtures[0].data, as: UTF8.self)
        #expect(pretty.hasPrefix("{\n  \"items\": [\n"))
    }

    @Test func variantsOfOneRouteMarkTheParametersTheyLeaveOutAsAbsent() {
        let recording = SessionRecorder.record([
            RecordedExchange(request: request("/search"), response: json("[]")),
            RecordedExchange(request: request("/search?q=a"), response: json("[1]")),
        ], source: "upstream")
        // The variant with more conditions comes first.
        #expect(recording.stubs[0].request.query == [FieldMatcher("q", .equals("a"))])
        #expect(recording.stubs[1].request.query == [FieldMatcher("q", .absent)])
    }

    @Test func bearerTokensAreDroppedAndAnEchoedTokenIsMaskedOrRefused() throws {
        let token = "s3cr3t-token-value"
        let echoed = SessionRecorder.record([
            RecordedExchange(request: request("/me", headers: ["Authorization": "Bearer \(token)"]),
                             response: json(#"{"seen":"Bearer \#(token)"}"#)),
        ], source: "upstream")
        let files = try echoed.files(specName: "r.yaml")
        #expect(!String(decoding: files[0].data, as: UTF8.self).contains(token))
        #expect(SecretScan.findings(in: files, secrets: echoed.secrets).isEmpty)

        // Percent-encoded, the echo is not masked: the scan finds it and names the file and line.
        let encoded = SessionRecorder.record([
            RecordedExchange(request: request("/me", headers: ["Authorization": "Bearer \(token)"]),
                             response: json(#"{"next":"/me?t=s3cr3t%2Dtoken%2Dvalue"}"#)),
        ], source: "upstream")
        let found = SecretScan.findings(in: try encoded.files(specName: "r.yaml"), secrets: encoded.secrets)
        #expect(found.count == 1)
        #expect(found.first?.path == "r.yaml")
        #expect(found.first.map { !$0.description.contains(token) } == true, "the report never shows the secret")
    }

    @Test func tokensInJSONBodiesAreWrittenAsPlaceholders() throws {
        let recording = SessionRecorder.record([
            RecordedExchange(request: request("/login", method: "POST", headers: ["Content-Type": "application/json"],
                                              body: #"{"user":"ada","password":"correct-horse"}"#),
                             response: json(#"{"access_token":"eyJhbGciOi.payload.sig"}"#)),
        ], source: "upstream")
        #expect(Set(recording.placeholders.keys) == ["PASSWORD", "ACCESS_TOKEN"])
        let text = String(decoding: try recording.files(specName: "r.yaml")[0].data, as: UTF8.self)
        #expect(!text.contains("correct-horse") && !text.contains("eyJhbGciOi"))
        #expect(text.contains("${PASSWORD}") && text.contains("${ACCESS_TOKEN}"))
    }

    /// Found by the fuzzer (fuzz/regressions/recording): a route recorded
    /// without a body and with one wrote the bodiless stub first, which
    /// always answered first, so the spec did not load.
    @Test func aVariantWithABodyComesBeforeTheSameRouteWithout() {
        let recording = SessionRecorder.record([
            RecordedExchange(request: request("/"), response: json("[]")),
            RecordedExchange(request: request("/", body: "12345"), response: json("[1]", status: 201)),
        ], source: "upstream")
        #expect(recording.stubs.map(\.request.body.count) == [1, 0])
        #expect(recording.stubs.map { $0.id.rawValue } == ["get-2", "get"])
    }

    /// Found by the fuzz replay in CI: a large answer labelled JSON that is
    /// not readable JSON went to a `.json` fixture, which the spec reader refuses.
    @Test func aLargeAnswerLabelledJSONThatIsNotJSONIsAFixtureOfText() {
        let notJSON = "{" + String(repeating: "x", count: 10_000)
        let recording = SessionRecorder.record([RecordedExchange(request: request("/broken"), response: json(notJSON))], source: "upstream")
        #expect(recording.fixtures.map(\.path) == ["fixtures/get-broken.txt"])
    }

    @Test func anEventStreamIsRecordedAsItsEventsAndReplaysByteForByte() throws {
        let body = "data: {\"delta\":\"Hel\"}\n\nevent: done\nid: 7\ndata: lo\n\n: keep-alive\n\n"
        let answer = StubResponse(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8"], body: Data(body.utf8))
        let recording = SessionRecorder.record([RecordedExchange(request: request("/v1/feed"), response: answer)], source: "https://api.example.com")
        guard case .fixed(let recorded) = recording.stubs.first?.response else {
            Issue.record("the stream is recorded inline")
            return
        }
        let stream = try #require(recorded.stream)
        #expect(stream.pieces.map { String(decoding: $0.bytes, as: UTF8.self) }
                == ["data: {\"delta\":\"Hel\"}\n\n", "event: done\nid: 7\ndata: lo\n\n", ": keep-alive\n\n"])
        #expect(stream.bytes == Array(body.utf8), "replayed byte for byte")
        let text = String(decoding: try recording.files(specName: "feed.yaml")[0].data, as: UTF8.self)
        #expect(text.contains("events:") && text.contains("event: done") && text.contains("comment: keep-alive"), "\(text)")
        #expect(recording.fixtures.isEmpty)
    }

    @Test func eventsAreCutAfterEachBlankLineWhateverTheLineEnds() {
        let cut = { (text: String) in RecordedResponses.events(in: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) } }
        #expect(cut("data: a\r\n\r\ndata: b\r\rdata: c\n\ntrailing") == ["data: a\r\n\r\n", "data: b\r\r", "data: c\n\n", "trailing"])
        #expect(cut("\n\ndata: a\n\n") == ["\n\ndata: a\n\n"], "blank lines before the first field belong to it")
    }
}
