import Foundation
import StubKit
import Testing
import WireMockFormat

/// One request is matched against every candidate stub with one shared
/// reading of its body, query, cookies and form fields (parsed once, not once
/// per stub): every pattern answers as it does with a reading of its own.
@Suite struct SharedReadingTests {
    static let bodyPatterns: [String] = [
        #"{"equalToJson": {"a": 1}}"#,
        #"{"equalToJson": {"a": 1}, "ignoreExtraElements": true}"#,
        #"{"matchesJsonPath": "$.a"}"#,
        #"{"matchesJsonPath": {"expression": "$.a", "equalTo": "1"}}"#,
        #"{"equalToXml": "<a>1</a>"}"#,
        #"{"matchesXPath": "/a"}"#,
        #"{"matchesXPath": {"expression": "/a/text()", "equalTo": "1"}}"#,
        #"{"contains": "a"}"#,
        #"{"matches": ".*1.*"}"#,
        #"{"and": [{"contains": "a"}, {"matchesJsonPath": "$.a"}]}"#,
        #"{"or": [{"equalToJson": {"b": 2}}, {"equalToXml": "<a>1</a>"}]}"#,
    ]

    static var patterns: [RequestPattern] {
        get throws {
            var mappings = bodyPatterns.map { #"{"request": {"method": "POST", "url": "/x", "bodyPatterns": [\#($0)]}, "response": {"status": 200}}"# }
            mappings.append(#"{"request": {"method": "POST", "urlPath": "/x", "queryParameters": {"q": {"equalTo": "1"}}}, "response": {"status": 200}}"#)
            mappings.append(#"{"request": {"method": "POST", "url": "/x", "cookies": {"c": {"equalTo": "1"}}}, "response": {"status": 200}}"#)
            mappings.append(#"{"request": {"method": "POST", "url": "/x", "formParameters": {"f": {"equalTo": "1"}}}, "response": {"status": 200}}"#)
            let document = Data(("{\"mappings\": [" + mappings.joined(separator: ",") + "]}").utf8)
            return try WireMockMappings.read(document, file: "shared.json", bodyFiles: nil).stubs.map(\.request)
        }
    }

    static let requests: [RecordedRequest] = [
        Data(#"{"a": 1}"#.utf8), Data(#"{"a": 1, "b": 2}"#.utf8), Data(#"{"b": 2}"#.utf8), Data("<a>1</a>".utf8),
        Data("f=1".utf8), Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0xFF, 0x7D]), Data(),
    ].flatMap { body in
        ["/x", "/x?q=1"].map { target in
            RecordedRequest(method: "POST", target: target, headers: ["Cookie": "c=1"], body: body)
        }
    }

    @Test func everyPatternMatchesAsWithAReadingOfItsOwn() throws {
        let patterns = try Self.patterns
        #expect(patterns.count == Self.bodyPatterns.count + 3)
        var matched = 0
        for request in Self.requests {
            var shared = RequestReading()
            for pattern in patterns {
                let alone = pattern.match(request)
                #expect(pattern.match(request, reading: &shared) == alone, "\(pattern) against \(request.target) \(String(decoding: request.body, as: UTF8.self))")
                if alone != nil { matched += 1 }
            }
        }
        #expect(matched > 20) // the requests exercise matches as well as misses
    }

    @Test func everyCheckIsWhatItIsWithAReadingOfItsOwn() throws {
        let patterns = try Self.patterns
        for request in Self.requests {
            var shared = RequestReading()
            for pattern in patterns {
                var viaShared: [Bool] = []
                pattern.visitChecks(against: request, describing: false, reading: &shared) { viaShared.append($0.matched) }
                #expect(viaShared == pattern.checks(against: request).map(\.matched))
            }
        }
    }
}
