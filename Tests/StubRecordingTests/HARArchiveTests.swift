import Foundation
import StubKit
import StubRecording
import Testing

/// HAR files as browsers, Charles, Slack and mitmproxy write them, read
/// into exchanges; what cannot be read is refused at its line and pointer;
/// a journal written as HAR reads back as the same exchanges.
@Suite struct HARArchiveTests {
    /// One entry in the shapes real emitters use: a BOM, Chrome's `_fields`
    /// and HTTP/2 pseudo-headers, Slack's header pairs, Charles' `null`
    /// redirectURL, a base64 body, a decoded gzip body beside its header.
    static let mixed = "\u{FEFF}" + #"""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [], "entries": [
          {"startedDateTime": "2026-11-25T13:47:01.013559+00:00", "time": 58.2, "_resourceType": "fetch",
           "request": {"method": "get", "url": "https://api.example.com/v1/items?limit=2&a=1&a=2", "httpVersion": "http/2.0",
                       "headers": [{"name": ":authority", "value": "api.example.com"}, {"name": "accept", "value": "application/json"}],
                       "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
           "response": {"status": 200, "statusText": "", "httpVersion": "http/2.0", "redirectURL": null,
                        "headers": [["content-type", "application/json"], ["content-encoding", "gzip"], ["content-length", "36"]],
                        "content": {"size": 36, "compression": -20, "mimeType": "application/json", "text": "[{\"id\":1},{\"id\":2}]"},
                        "cookies": [], "headersSize": -1, "bodySize": 36, "_transferSize": 120},
           "cache": {}, "timings": {"send": 0.1, "wait": 50.5, "receive": 7.6}},
          {"startedDateTime": "2026-11-25T13:47:02Z", "time": 3,
           "request": {"method": "POST", "url": "http://127.0.0.1:9/upload", "httpVersion": "HTTP/1.1", "headers": [],
                       "postData": {"mimeType": "application/octet-stream", "text": "AAH//g==", "encoding": "base64"}},
           "response": {"status": 201, "statusText": "Created", "httpVersion": "HTTP/1.1", "headers": [],
                        "content": {"size": 4, "mimeType": "image/png", "text": "iVBORw==", "encoding": "base64"}}},
          {"startedDateTime": "2026-11-25T13:47:03Z", "time": 0,
           "request": {"method": "GET", "url": "http://127.0.0.1:9/aborted", "headers": []},
           "response": {"status": 0, "statusText": "", "headers": [], "content": {"size": 0, "mimeType": "x-unknown"}, "_error": "net::ERR_ABORTED"}}
        ]}}
        """#

    @Test func entriesAsRealEmittersWriteThemReadAsExchanges() throws {
        let archive = try HARArchive.read(Data(Self.mixed.utf8), file: "mixed.har")
        #expect(archive.creator.name == "WebInspector" && archive.entries.count == 2)
        let list = archive.entries[0]
        #expect(list.request.method == "GET" && list.request.target == "/v1/items?limit=2&a=1&a=2" && list.request.version == "HTTP/2")
        #expect(list.request.headers["Host"] == "api.example.com" && list.request.headers[":authority"] == nil, "pseudo-headers left out, the host kept")
        #expect(list.response.headers["Content-Encoding"] == nil && list.response.headers["Content-Length"] == nil,
                "the body is decoded, so its encoding and length are gone")
        #expect(JSONValue(exactly: list.response.body) == [["id": 1], ["id": 2]] && list.milliseconds == 58.2)
        let upload = archive.entries[1]
        #expect(upload.request.body == Data([0, 1, 0xFF, 0xFE]) && upload.request.headers["Content-Type"] == "application/octet-stream")
        #expect(upload.response.body == Data([0x89, 0x50, 0x4E, 0x47]) && upload.response.headers["Content-Type"] == "image/png")
        #expect(archive.skipped.count == 1 && archive.skipped[0].message.contains("GET http://127.0.0.1:9/aborted got no response"))
        #expect(archive.skipped[0].severity == .warning)
    }

    @Test func whatCannotBeReadIsRefusedAtItsLineAndPointer() {
        let broken = #"""
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "/relative"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "http://h/x", "headers": [{"name": "Bad Name", "value": "v"}]},
               "response": {"status": 200, "content": {"text": "!!", "encoding": "base64"}}},
              {"request": {"method": "GET", "url": "http://h/y"}, "response": {"status": "200"}}
            ]}}
            """#
        #expect {
            try HARArchive.read(Data(broken.utf8), file: "broken.har")
        } throws: { error in
            let text = "\(error)"
            return text.contains("broken.har:2:") && text.contains("/log/entries/0/request/url") && text.contains("a request has an absolute url")
                && text.contains("broken.har:3:") && text.contains("/log/entries/1/request/headers/0")
                && text.contains("/log/entries/1/response/content/text") && text.contains("the text is not base64")
                && text.contains("broken.har:5:") && text.contains("a response has a status")
        }
        #expect(throws: StubValidationError.self) { try HARArchive.read(Data("{\"log\": {}".utf8), file: "cut.har") }
        #expect(!HARArchive.looksLikeHAR(Data(#"{"stubs": []}"#.utf8)) && HARArchive.looksLikeHAR(Data(Self.mixed.utf8)))
    }

    @Test func aJournalWrittenAsHARReadsBackAsTheSameExchanges() throws {
        let binary = Data([0, 1, 0xFF, 0xFE])
        var served = JournalEntry(sequence: 1, request: RecordedRequest(method: "POST", target: "/up?apikey=s3cret&x=%2F", headers: ["Content-Type": "application/octet-stream"], body: binary),
                                  outcome: .matched, status: 201)
        served.served = StubResponse(status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"ok":true}"#.utf8))
        let bare = JournalEntry(sequence: 2, request: RecordedRequest(method: "GET", target: "/plain"), outcome: .unmatched, status: 404)
        let archive = HARArchive(journal: [served, bare], base: URL(string: "http://127.0.0.1:8080")!)
        let data = archive.json(redaction: .secrets)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("s3cret") && text.contains("x=%2F"), "the key masked, the rest of the query as sent")
        #expect(text.contains("the server did not keep this response's body"))
        let read = try HARArchive.read(data, file: "journal.har")
        #expect(read.entries.map(\.request.method) == ["POST", "GET"])
        #expect(read.entries[0].request.body == binary && read.entries[0].response.body == Data(#"{"ok":true}"#.utf8))
        #expect(read.entries[1].response.status == 404)
    }

    @Test func repeatedRequestsWithChangingAnswersImportAsASequence() throws {
        func entry(_ status: String) -> String {
            #"{"startedDateTime": "2026-11-25T13:47:01Z", "time": 1, "request": {"method": "GET", "url": "https://api.example.com/jobs/7", "headers": []},"#
                + #" "response": {"status": 200, "headers": [], "content": {"mimeType": "application/json", "text": "{\"status\":\"\#(status)\"}"}}}"#
        }
        let har = #"{"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": ["# + entry("running") + "," + entry("done") + "]}}"
        let archive = try HARArchive.read(Data(har.utf8), file: "poll.har")
        let recording = SessionRecorder.record(archive.exchanges, source: "poll.har")
        #expect(recording.stubs.count == 1)
        guard case .sequence(let steps) = recording.stubs.first?.response else {
            Issue.record("a poll whose answer changed is a sequence, not \(String(describing: recording.stubs.first?.response))")
            return
        }
        #expect(steps.count == 2, "running, then done (the last repeats)")
    }
}
