import Foundation
import PactFormat
import StubKit
import Testing

/// The forms pacts in the field write beside the specification's own:
/// V4 `statusCode` matchers, legacy matcher attributes, V2/V3 binary bodies
/// as base64, multipart bodies, and the refusals that name their pointer.
@Suite struct PactLegacyFormTests {
    static func v4(response: String) -> Data {
        Data("""
        {"consumer": {"name": "App"}, "provider": {"name": "Api"},
         "interactions": [{"type": "Synchronous/HTTP", "description": "a", "request": {"method": "GET", "path": "/a"}, "response": \(response)}],
         "metadata": {"pactSpecification": {"version": "4.0"}}}
        """.utf8)
    }

    static func v3(response: String) -> Data {
        Data("""
        {"consumer": {"name": "App"}, "provider": {"name": "Api"},
         "interactions": [{"description": "a", "request": {"method": "GET", "path": "/a"}, "response": \(response)}],
         "metadata": {"pactSpecification": {"version": "3.0.0"}}}
        """.utf8)
    }

    @Test func statusCodeMatchersTakeAClassOrAList() throws {
        let success = try PactFile.read(Self.v4(response: #"{"status": 200, "matchingRules": {"status": {"matchers": [{"match": "statusCode", "status": "success"}]}}}"#),
                                        file: "a.json").interactions[0].response
        #expect(success.mismatches(status: 201, headers: HTTPHeaders(), body: Data()).isEmpty)
        #expect(success.mismatches(status: 404, headers: HTTPHeaders(), body: Data()) == [#"status: 404 does not match /2\d\d/"#])
        let listed = try PactFile.read(Self.v4(response: #"{"status": 410, "matchingRules": {"status": {"matchers": [{"match": "statusCode", "status": [404, 410]}]}}}"#),
                                       file: "a.json").interactions[0].response
        #expect(listed.mismatches(status: 404, headers: HTTPHeaders(), body: Data()).isEmpty)
        #expect(!listed.mismatches(status: 400, headers: HTTPHeaders(), body: Data()).isEmpty)

        for (status, why) in [(#""fine""#, "unknown status class \"fine\""), ("[200, 700]", "expected a status from 100 to 599"), ("7", "statusCode needs status")] {
            #expect {
                _ = try PactFile.read(Self.v4(response: #"{"status": 200, "matchingRules": {"status": {"matchers": [{"match": "statusCode", "status": \#(status)}]}}}"#), file: "bad.json")
            } throws: { error in
                "\(error)".contains("/interactions/0/response/matchingRules/status/matchers/0/status") && "\(error)".contains(why)
            }
        }
    }

    @Test func legacyMatcherAttributesAreRead() throws {
        let response = try PactFile.read(Self.v3(response: #"""
            {"status": 200, "body": {"booked": "2024-01-31", "at": "2024-01-31 09:30", "amount": 12.5, "ref": "E-5", "slot": "09:30"},
             "matchingRules": {"body": {
               "$.booked": {"matchers": [{"match": "date", "date": "yyyy-MM-dd"}]},
               "$.at": {"matchers": [{"timestamp": "yyyy-MM-dd HH:mm"}]},
               "$.amount": {"matchers": [{"match": "real"}]},
               "$.ref": {"matchers": [{"regex": "E-\\d+"}]},
               "$.slot": {"matchers": [{"match": "time", "time": "HH:mm"}]}}}}
            """#), file: "legacy.json").interactions[0].response
        let good = Data(#"{"booked": "1999-12-31", "at": "1999-12-31 23:59", "amount": 0.5, "ref": "E-77", "slot": "23:59"}"#.utf8)
        #expect(response.mismatches(status: 200, headers: HTTPHeaders(), body: good).isEmpty)
        let bad = Data(#"{"booked": "31/12/1999", "at": "1999-12-31T23:59", "amount": 1, "ref": "F-7", "slot": "23:59:00"}"#.utf8)
        #expect(response.mismatches(status: 200, headers: HTTPHeaders(), body: bad).count == 5, "\(response.mismatches(status: 200, headers: HTTPHeaders(), body: bad))")
        #expect {
            _ = try PactFile.read(Self.v3(response: #"{"status": 200, "matchingRules": {"body": {"$.a": {"matchers": [{"match": 7}]}}}}"#), file: "bad.json")
        } throws: { error in
            "\(error)".contains("/interactions/0/response/matchingRules/body/$.a/matchers/0/match") && "\(error)".contains("as text")
        }
    }

    @Test func binaryTypedStringsAreBase64InV3AndWrittenBackSo() throws {
        let pdf = Data("%PDF-1.4\n%\u{e2}".utf8)
        let read = try PactFile.read(Self.v3(response: """
            {"status": 200, "headers": {"Content-Type": "application/pdf"}, "body": "\(pdf.base64EncodedString())"}
            """), file: "pdf.json").interactions[0]
        #expect(read.response.body == .bytes(pdf, contentType: "application/pdf"))
        guard case .fixed(let served) = read.stub.response else { Issue.record("a fixed answer, got \(read.stub.response)"); return }
        #expect(served.body == pdf, "served byte for byte")
        // Text types stay text, and a binary-typed string that is not base64 stays as written.
        let text = try PactFile.read(Self.v3(response: #"{"status": 200, "headers": {"Content-Type": "text/plain"}, "body": "aGVsbG8="}"#),
                                     file: "t.json").interactions[0].response
        #expect(text.body == .bytes(Data("aGVsbG8=".utf8), contentType: "text/plain"))
        let raw = try PactFile.read(Self.v3(response: #"{"status": 200, "headers": {"Content-Type": "application/octet-stream"}, "body": "hello world!"}"#),
                                    file: "r.json").interactions[0].response
        #expect(raw.body == .bytes(Data("hello world!".utf8), contentType: "application/octet-stream"))

        let written = PactWriter.text(consumer: "App", provider: "Api", interactions: [read], version: .v3)
        let again = try PactFile.read(Data(written.utf8), file: "again.json").interactions[0].response
        #expect(again.body == .bytes(pdf, contentType: "application/pdf"), "\(written)")
    }

    @Test func aMultipartRequestIsMatchedPartByPart() throws {
        let body = "--B\\r\\nContent-Disposition: form-data; name=\\\"title\\\"\\r\\n\\r\\nHi\\r\\n--B\\r\\nContent-Disposition: form-data; name=\\\"file\\\"; filename=\\\"a.txt\\\"\\r\\nContent-Type: text/plain\\r\\n\\r\\nhello\\r\\n--B--\\r\\n"
        let pact = try PactFile.read(Data("""
            {"consumer": {"name": "App"}, "provider": {"name": "Api"},
             "interactions": [{"description": "up", "request": {"method": "POST", "path": "/up",
                "headers": {"Content-Type": "multipart/form-data; boundary=B"}, "body": "\(body)",
                "matchingRules": {"body": {"$.file": {"matchers": [{"match": "contentType", "value": "text/plain"}]}}}},
              "response": {"status": 201}}],
             "metadata": {"pactSpecification": {"version": "3.0.0"}}}
            """.utf8), file: "mp.json")
        let pattern = pact.interactions[0].request.requestPattern
        #expect(pattern.multipart.count == 2 && pattern.body.isEmpty)
        func request(_ boundary: String, _ title: String, _ file: String) -> RecordedRequest {
            let text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.txt\"\r\nContent-Type: text/plain\r\n\r\n\(file)\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n\(title)\r\n--\(boundary)--\r\n"
            return RecordedRequest(method: "POST", target: "/up", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: Data(text.utf8))
        }
        #expect(pattern.match(request("Z", "Hi", "other text")) != nil, "any boundary, any order, the file told by its type")
        #expect(pattern.match(request("Z", "Bye", "hello")) == nil, "a part without a rule equals the example")
        #expect(pattern.match(request("Z", "Hi", "%PDF-1.4")) == nil, "PDF bytes are not text/plain")
    }

    @Test func aWholeBodyContentTypeRuleAcceptsAnyBytesOfThatType() throws {
        let pdf = Data("%PDF-1.4\n%\u{e2}".utf8)
        let response = try PactFile.read(Self.v4(response: """
            {"status": 200, "headers": {"Content-Type": "application/pdf"},
             "body": {"contentType": "application/pdf", "encoded": "base64", "content": "\(pdf.base64EncodedString())"},
             "matchingRules": {"body": {"$": {"matchers": [{"match": "contentType", "value": "application/pdf"}]}}}}
            """), file: "pdf.json").interactions[0].response
        let other = Data("%PDF-1.7\nanother document\n%%EOF\n".utf8)
        #expect(response.mismatches(status: 200, headers: ["Content-Type": "application/pdf"], body: other).isEmpty)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])
        #expect(response.mismatches(status: 200, headers: ["Content-Type": "application/pdf"], body: png)
                == ["body: expected bytes of type application/pdf, got 9 bytes"])
    }

    @Test func mediaTypesAreToldByTheirFirstBytes() {
        #expect(MediaTypeSniffing.type(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])) == "image/png")
        #expect(MediaTypeSniffing.type(of: Data("GIF89a...".utf8)) == "image/gif")
        #expect(MediaTypeSniffing.type(of: Data(#"{"a": 1}"#.utf8)) == "application/json")
        #expect(MediaTypeSniffing.type(of: Data([0xFF, 0xFE, 0x00])) == "application/octet-stream")
        #expect(MediaTypeSniffing.data(Data("plain words".utf8), isOf: "text/plain; charset=utf-8"))
        #expect(MediaTypeSniffing.data(Data(#"[1]"#.utf8), isOf: "text/plain"))
        #expect(!MediaTypeSniffing.data(Data("%PDF-1.7".utf8), isOf: "text/plain"))
    }
}

/// The oldest pacts: V1/V1.1 metadata, snake-case provider states.
@Suite struct PactVersionOneTests {
    @Test func aV1PactWithFlatMetadataIsReadAsV2() throws {
        let pact = try PactFile.read(Data("""
            {"consumer": {"name": "App"}, "provider": {"name": "Api"},
             "interactions": [{"description": "a", "provider_state": "things exist", "request": {"method": "get", "path": "/a", "query": "b=1&b=2"},
               "response": {"status": 200, "body": {"ok": true}}}],
             "metadata": {"pactSpecificationVersion": "1.0.0"}}
            """.utf8), file: "v1.json")
        #expect(pact.version == .v2)
        #expect(pact.interactions[0].providerStates.map(\.name) == ["things exist"])
        #expect(pact.interactions[0].request.rawQuery == "b=1&b=2" && pact.interactions[0].request.target == "/a?b=1&b=2")
        #expect {
            _ = try PactFile.read(Data(#"{"consumer": {"name": "A"}, "provider": {"name": "B"}, "interactions": [], "metadata": {"pactSpecificationVersion": "9"}}"#.utf8), file: "v9.json")
        } throws: { error in
            "\(error)".contains("/metadata/pactSpecificationVersion") && "\(error)".contains("unknown pact specification version \"9\"")
        }
    }
}
