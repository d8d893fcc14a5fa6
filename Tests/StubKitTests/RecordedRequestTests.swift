import Foundation
import StubKit
import Testing

@Suite struct RecordedRequestTests {
    @Test func pathIsDecodedAndQueryKeptRaw() {
        let request = RecordedRequest(method: "GET", target: "/v1/public/characters/Spider%20Man?name=Peter+Parker&x=%C3%A9&flag&x=2")
        #expect(request.path == "/v1/public/characters/Spider Man")
        #expect(request.rawQuery == "name=Peter+Parker&x=%C3%A9&flag&x=2")
        #expect(request.query == [
            QueryItem(name: "name", value: "Peter Parker"),
            QueryItem(name: "x", value: "é"),
            QueryItem(name: "flag", value: nil),
            QueryItem(name: "x", value: "2"),
        ])
        #expect(request.queryValue("x") == "é")
        #expect(request.queryValue("flag") == "")
        #expect(request.queryValue("missing") == nil)
    }

    @Test func aPlusInThePathIsNotASpace() {
        #expect(RecordedRequest(method: "GET", target: "/a+b").path == "/a+b")
    }

    /// The path is what comes before the first `?`, decoded only where it
    /// holds an escape: an escape in the query alone leaves it as sent.
    @Test(arguments: [
        ("/a/b?x=%20", "/a/b"), ("/a%2Fb?c", "/a/b"), ("?q=1", ""), ("", ""), ("/", "/"), ("/é?x", "/é"),
        ("/a?b?c", "/a"), ("/a%3Fb", "/a?b"), ("/a long path beyond fifteen bytes?q", "/a long path beyond fifteen bytes"),
    ])
    func thePathEndsAtTheFirstQuestionMark(target: String, path: String) {
        #expect(RecordedRequest(method: "GET", target: target).path == path)
    }

    @Test func malformedEscapesAreKeptAsSent() {
        let request = RecordedRequest(method: "GET", target: "/bad%zz/%E2?q=%")
        #expect(request.path == "/bad%zz/%E2")
        #expect(request.query == [QueryItem(name: "q", value: "%")])
    }

    /// Empty items are skipped, a lone `=` is an empty name and value, and
    /// an escape that decodes to no UTF-8 text is kept as sent.
    @Test(arguments: [
        ("&&a=1&&", [QueryItem(name: "a", value: "1")]),
        ("=", [QueryItem(name: "", value: "")]),
        ("a=&=b", [QueryItem(name: "a", value: ""), QueryItem(name: "", value: "b")]),
        ("a=b=c", [QueryItem(name: "a", value: "b=c")]),
        ("x=%FF&y=%41%42", [QueryItem(name: "x", value: "%FF"), QueryItem(name: "y", value: "AB")]),
        ("n%61me+1=v+%2B", [QueryItem(name: "name 1", value: "v +")]),
        ("é=ü&flag", [QueryItem(name: "é", value: "ü"), QueryItem(name: "flag", value: nil)]),
        ("", []),
    ])
    func queryItemsAreReadInOrder(raw: String, items: [QueryItem]) {
        #expect(QueryItem.parse(Substring(raw)) == items)
        #expect(RecordedRequest(method: "GET", target: "/p?" + raw).query == items)
    }

    @Test func noQueryMeansNilRawQuery() {
        let request = RecordedRequest(method: "GET", target: "/plain")
        #expect(request.rawQuery == nil)
        #expect(request.query.isEmpty)
    }

    @Test func bodyTextIsNilForBinary() {
        #expect(RecordedRequest(method: "POST", target: "/", body: Data([0xFF, 0xFE])).bodyText == nil)
        #expect(RecordedRequest(method: "POST", target: "/", body: Data("hé".utf8)).bodyText == "hé")
    }
}

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsOrderAndRepeats() {
        var headers: HTTPHeaders = ["Accept": "a", "X-Trace": "1"]
        headers.add("x-trace", "2")
        #expect(headers["x-TRACE"] == "1")
        #expect(headers.values(for: "X-Trace") == ["1", "2"])
        #expect(headers.fields.map(\.name) == ["Accept", "X-Trace", "x-trace"])
        headers.set("X-TRACE", "3")
        #expect(headers.values(for: "x-trace") == ["3"])
        headers.remove("accept")
        #expect(headers["Accept"] == nil)
    }

    @Test func equalityIsOrderSensitiveAndCodableRoundTrips() throws {
        let a: HTTPHeaders = ["A": "1", "B": "2"]
        let b: HTTPHeaders = ["B": "2", "A": "1"]
        #expect(a != b)
        let decoded = try JSONDecoder().decode(HTTPHeaders.self, from: JSONEncoder().encode(a))
        #expect(decoded == a)
    }
}

@Suite struct StubTests {
    @Test func aStubRemembersWhereItWasDeclared() {
        let stub = Stub(.get, "/health", response: .text("ok")); let line = #line
        #expect(stub.location.fileID == #fileID)
        #expect(stub.location.line == line)
        #expect(stub.description == "GET /health (\(#fileID):\(line):\(stub.location.column))")
        #expect(stub.id.rawValue.hasPrefix("\(#fileID):\(line)#"))
    }

    @Test func patternsMatchMethodAndDecodedPath() {
        let pattern = RequestPattern(method: .get, path: .literal("/a b"))
        #expect(pattern.match(RecordedRequest(method: "GET", target: "/a%20b?x=1")) == [:])
        #expect(pattern.match(RecordedRequest(method: "POST", target: "/a%20b")) == nil)
        #expect(pattern.match(RecordedRequest(method: "GET", target: "/a%20b/")) == nil)
        #expect(RequestPattern(method: nil, path: .literal("/x")).match(RecordedRequest(method: "DELETE", target: "/x")) != nil)
    }

    @Test func jsonResponsesCarryTheContentType() throws {
        struct Payload: Encodable { var id = 7 }
        let response = try StubResponse.json(Payload())
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"id":7}"#)
    }
}

/// The one journal entry type travels as JSON (to a remote test) and keeps
/// what only this process holds out of it.
@Suite struct JournalEntryCodingTests {
    @Test func anEntryRoundTripsWithoutItsStubOrServedResponse() throws {
        let stub = Get("/health").id("health").respond(.text("ok"))
        let entry = JournalEntry(sequence: 3, request: RecordedRequest(method: "GET", target: "/health?x=1"), answeredBy: stub,
                                 status: 200, served: .text("ok"))
        #expect(entry.isMatched && entry.stubID == "health" && entry.declared == stub.location)
        let decoded = try JSONDecoder().decode(JournalEntry.self, from: try JSONEncoder().encode(entry))
        #expect(decoded.sequence == 3 && decoded.outcome == .matched && decoded.stubID == "health" && decoded.status == 200)
        #expect(decoded.request.target == "/health?x=1")
        #expect(decoded.stub == nil && decoded.served == nil, "the stub and the served response do not leave the process")
    }

    @Test func anUnmatchedEntryHasNoStub() {
        let entry = JournalEntry(sequence: 1, request: RecordedRequest(method: "GET", target: "/nothing"), answeredBy: nil, status: 404)
        #expect(entry.isUnmatched && !entry.isMatched && entry.stubID == nil)
    }
}
