import Foundation
import StubKit
import MarvelStubs
import StubSpec
import Testing

/// Stubs written in the spec schema read back as the same stubs: what a
/// remote server receives is what the test declared, declaration site and id included.
@Suite struct SpecWriterTests {
    /// Marvel's spec keywords come from its plug-in, registered as the command line registers it.
    init() { StubPlugins.register(.marvel) }

    static let travelling: [Stub] = Stubs {
        Get("/users/{id}").query("fields", .oneOf(["name", "all"])).query("debug", .absent)
            .header("Accept", .contains("json")).header("Accept", .doesNotContain("xml"))
            .respond(.json(#"{"id":7,"name":"Ada"}"#))
            .guarded(by: .bearer("t0ken")).named("one user").metadata(["team": .string("ios")])
        Post("/users").body(.jsonSubset(.object(["name": .string("Ada")]), ignoringArrayOrder: true))
            .respond(StubResponse(status: 201, headers: ["Location": "/users/7"], body: Data([0xff, 0x00, 0x01])))
            .priority(3).times(2).delay(.random(.milliseconds(5)...(.milliseconds(9))))
        Get("/feed").respondInSequence([.text("first"), .text("second", status: 503)])
            .inScenario("feed", whenState: "Started", willSetStateTo: "Read").compression(.identity)
        Get("/comics").respond(.marvel(results: [["id": 1], ["id": 2]]))
            .guarded(by: .marvel(publicKey: "1234", privateKey: "abcd"))
        Put("/files/{rest*}").header("X-Key", .anyOf([.equals("a"), .matches("^b+$")])).query("v", .present)
            .body(.value(.jsonPath(JSONQuery("$.name"), then: .equals("Ada"))))
            .respond(.text("ok")).responseHeader("X-Group", "api").fault(.truncatedBody(afterBytes: 1))
        Delete("/keys").guarded(by: .apiKey(query: "key", value: "s3cret")).delay(.dribble(chunks: 3, over: .milliseconds(30)))
            .respond(.text("gone")).cookie("session", .matches("^[a-f0-9]+$"))
        Get("/slow").delay(.logNormal(median: .microseconds(1500), sigma: 0.5)).fault(.connectionReset)
        Post("/orders").body(.like(["id": 1, "lines": [["sku": "A-1", "qty": 2]], "at": "2026-11-23"],
                                   rules: ["$.id": .integer, "$.lines": .type(min: 1), "$.lines[*].sku": .regex("[A-Z]-\\d+"),
                                           "$.at": .dateTime(.date, format: "yyyy-MM-dd")]))
            .respond(StubResponse(status: 201))
        Route("/api/{rest*}").proxy(to: URL(string: "https://api.example.com/v2")!, removingPrefix: "/api",
                                    adding: ["X-Env": "test"], removing: ["Cookie"]).priority(10)
    }

    @Test func aProxyIsWrittenAndReadWithItsTargetAndBadOnesAreRefused() throws {
        let text = try SpecWriter.document(Array(Self.travelling.suffix(1)))
        #expect(text.contains(#""proxy""#) && text.contains("https://api.example.com/v2"), "\(text)")
        let read = try StubSpec.parse("""
            stubs:
              - request: {path: "/api/{rest*}"}
                response:
                  proxy: {to: "https://api.example.com/v2", removePrefix: /api, addHeaders: {X-Env: test}, removeHeaders: [Cookie]}
            """, name: "proxy.yaml", directory: URL(fileURLWithPath: "/nonexistent"))
        guard case .proxy(let target)? = read.stubs.first?.response else { Issue.record("not a proxy: \(read.stubs)"); return }
        #expect(target == ProxyTarget(base: URL(string: "https://api.example.com/v2")!, removingPrefix: "/api",
                                      addingHeaders: ["X-Env": "test"], removingHeaders: ["Cookie"]))
        #expect(target.url(for: "/api/users/1?x=1")?.absoluteString == "https://api.example.com/v2/users/1?x=1")
        #expect(throws: (any Error).self) {
            try StubSpec.parse("stubs:\n  - request: {path: /a}\n    response: {proxy: {to: \"ftp://files\"}}\n", name: "bad.yaml",
                               directory: URL(fileURLWithPath: "/nonexistent"))
        }
        do {
            _ = try StubSpec.parse("stubs:\n  - request: {path: /a}\n    response: {proxy: {to: \"ftp://files\"}}\n", name: "bad.yaml",
                                   directory: URL(fileURLWithPath: "/nonexistent"))
        } catch {
            #expect("\(error)".contains("bad.yaml:3:") && "\(error)".contains("not an http or https URL"), "\(error)")
        }
    }

    @Test func writtenStubsReadBackAsTheSameStubs() throws {
        let text = try SpecWriter.document(Self.travelling)
        let read = try StubSpec.parse(text, name: "remote", directory: URL(fileURLWithPath: "/nonexistent"))
        #expect(read.stubs.count == Self.travelling.count)
        #expect(try SpecWriter.document(read.stubs) == text, "writing what was read changes nothing")
        for (sent, received) in zip(Self.travelling, read.stubs) {
            #expect(received.id == sent.id)
            #expect(received.location == sent.location, "the declaration site travels")
            #expect(received.location.filePath == sent.location.filePath)
            #expect(received.request.method == sent.request.method)
            #expect(received.request.path.description == sent.request.path.description)
        }
        // Two conditions on one header travel as one allOf, which matches the same requests.
        let accept = RecordedRequest(method: "GET", target: "/users/1?fields=all", headers: ["Authorization": "Bearer t0ken", "Accept": "application/json"])
        let rejected = RecordedRequest(method: "GET", target: "/users/1?fields=all", headers: ["Accept": "application/json+xml"])
        #expect(read.stubs[0].request.match(accept) != nil && Self.travelling[0].request.match(accept) != nil)
        #expect(read.stubs[0].request.match(rejected) == nil && Self.travelling[0].request.match(rejected) == nil)
        #expect(read.stubs[0].name == "one user")
        #expect(read.stubs[0].metadata == ["team": .string("ios")])
    }

    @Test func bytesTravelAsBase64() throws {
        let read = try StubSpec.parse(try SpecWriter.document(Self.travelling), name: "remote", directory: URL(fileURLWithPath: "/"))
        guard case .fixed(let response) = read.stubs[1].response else {
            Issue.record("expected a fixed response, got \(read.stubs[1].response)")
            return
        }
        #expect(response.body == Data([0xff, 0x00, 0x01]))
        #expect(response.headers["Content-Type"] == nil, "no default Content-Type is added to bytes")
    }

    @Test func aClosureIsRefusedWithItsDeclarationSite() throws {
        let line = #line + 1
        let stubs = Stubs { Get("/now").respond { _ in .text("\(Date())") } }
        let error = #expect(throws: StubNotPortable.self) { try SpecWriter.document(stubs) }
        #expect(error?.location.line == line)
        #expect(error?.description.contains("SpecWriterTests.swift:\(line):") == true)
        #expect(error?.description.contains("a Swift closure makes its response") == true)
    }

    @Test func aPredicateAndACustomGuardAreRefused() {
        let predicate = Stubs { Get("/x").matching("odd") { _ in true } }
        #expect(throws: StubNotPortable.self) { try SpecWriter.document(predicate) }
        let custom = Stubs { Get("/x").guarded(by: AuthRule("anything") { _ in nil }) }
        let error = #expect(throws: StubNotPortable.self) { try SpecWriter.document(custom) }
        #expect(error?.reason.contains("only bearer, API-key and plug-in guards (Marvel signing with one key pair) can travel") == true)
    }

    @Test func aRefusedStubIsLocatedInTheFileAndNamesItsDeclaration() {
        let text = """
            stubs:
              - request: { method: GET, path: /a }
              - declared: { fileID: App/Tests.swift, line: 12, column: 9 }
                request: { method: GET, path: /a }
            """
        let error = #expect(throws: StubValidationError.self) {
            try StubSpec.parse(text, name: "remote.yaml", directory: URL(fileURLWithPath: "/"))
        }
        let problem = error?.problems.first
        #expect(problem?.location.fileID == "remote.yaml")
        #expect(problem?.location.line == 3)
        #expect(problem?.message.contains("(declared at App/Tests.swift:12:9)") == true, "\(problem?.description ?? "")")
    }

    @Test func aLikeBodyInASpecMatchesByItsRulesAndABadRuleIsNamed() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request:
                  method: POST
                  path: /orders
                  body: { like: { id: 1, lines: [ { sku: A-1 } ] }, rules: { '$.id': integer, '$.lines': { type: { min: 1 } }, '$.lines[*].sku': { regex: '[A-Z]-\\d+' } } }
            """, name: "orders.yaml", directory: URL(fileURLWithPath: "/"))
        let pattern = try #require(spec.stubs.first).request
        #expect(pattern.match(RecordedRequest(method: "POST", target: "/orders", body: Data(#"{"id":7,"lines":[{"sku":"B-2"},{"sku":"C-30"}]}"#.utf8))) != nil)
        #expect(pattern.match(RecordedRequest(method: "POST", target: "/orders", body: Data(#"{"id":7,"lines":[{"sku":"b2"}]}"#.utf8))) == nil)
        #expect(pattern.match(RecordedRequest(method: "POST", target: "/orders", body: Data(#"{"id":7.5,"lines":[{"sku":"B-2"}]}"#.utf8))) == nil)

        let error = #expect(throws: StubValidationError.self) {
            try StubSpec.parse("""
                stubs:
                  - request: { method: POST, path: /x, body: { like: { id: 1 }, rules: { '$.id': integr } } }
                """, name: "bad.yaml", directory: URL(fileURLWithPath: "/"))
        }
        #expect(error?.description.contains("bad.yaml:2:") == true)
        #expect(error?.description.contains("unknown rule \"integr\"; did you mean \"integer\"?") == true, "\(error?.description ?? "")")
    }
}
