import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// Templated mappings answered by the real WireMock 2.35.1 and by Understudy
/// from the same root, byte for byte: the reference corpus as bodies (every
/// request-model field and helper the reference lists) under
/// `--global-response-templating`, and the response parts a template
/// reaches (headers, `jsonBody`, a templated `bodyFileName`, the status
/// message and `base64Body`, which are not rendered) under local templating.
@Suite(.enabled("needs the WireMock jar (scripts/test installs it)") { await RealWireMock.shouldRun() })
struct TemplatingDifferentialTests {
    /// A root with one mapping per corpus case, at `/t/ID…`.
    static func corpusRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files/tpl"), withIntermediateDirectories: true)
        for item in TemplateCorpus.cases {
            let mapping: JSONValue = [
                "request": ["urlPathPattern": .string("/t/\(item.id)(/.*)?")],
                "response": ["status": 200, "body": .string(item.template)],
            ]
            try Data(mapping.description.utf8).write(to: root.appendingPathComponent("mappings/\(item.id).json"))
        }
        return root
    }

    static func send(_ item: TemplateCorpus.Case, to port: Int) async throws -> WireAnswer {
        let socket = try RawSocket(port: port)
        var head = "\(item.method) \(item.target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in item.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(item.body.utf8.count)\r\n\r\n"
        try socket.send(head + item.body)
        return WireAnswer(await socket.receive())
    }

    @Test func theCorpusRendersTheSameOnTheJarAndOnUnderstudy() async throws {
        let root = try Self.corpusRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let jar = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root, arguments: ["--global-response-templating"])
        let ours = try StubServer.start(.stubs(try WireMockMappings.load(root: root, templating: .global).stubs))
        defer { ours.stop() }
        var agreed = 0
        for item in TemplateCorpus.cases {
            let theirs = try await Self.send(item, to: jar.port), mine = try await Self.send(item, to: ours.port)
            let theirStatus = theirs.status, myStatus = mine.status
            if item.expected == nil {
                #expect(theirStatus == 500 && myStatus == 500, "\(item.id): the jar answered \(theirStatus), Understudy \(myStatus)")
            } else {
                // The port differs between the two servers; every other byte must not.
                let theirBody = theirs.text.replacingOccurrences(of: String(jar.port), with: "PORT")
                let myBody = mine.text.replacingOccurrences(of: String(ours.port), with: "PORT")
                #expect(theirStatus == myStatus && theirBody == myBody, "\(item.id) \(item.template)\n  jar:        \(theirBody)\n  Understudy: \(myBody)")
                #expect(item.expected.map { myBody == $0.replacingOccurrences(of: "8080", with: "PORT") } ?? true,
                        "\(item.id): the reference's output")
            }
            if theirStatus == myStatus { agreed += 1 }
        }
        print("templating differential: \(agreed) of \(TemplateCorpus.cases.count) templates agree with WireMock 2.35.1")
        await jar.stop()
    }

    @Test func theTemplatedPartsOfAResponseAnswerTheSame() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-template-parts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files/tpl"), withIntermediateDirectories: true)
        try Data("item-{{request.query.id}}".utf8).write(to: root.appendingPathComponent("__files/tpl/item-7.txt"))
        try Data(#"""
            {"mappings": [
              {"request": {"urlPath": "/s1"}, "response": {"status": 201, "transformers": ["response-template"],
                 "headers": {"Location": "/items/{{request.query.id}}", "X-V": ["a-{{request.method}}", "b"]}}},
              {"request": {"urlPath": "/s2"}, "response": {"transformers": ["response-template"], "jsonBody": {"id": "{{request.query.id}}", "n": 1}}},
              {"request": {"urlPath": "/s3"}, "response": {"transformers": ["response-template"], "bodyFileName": "tpl/item-{{request.query.id}}.txt"}},
              {"request": {"urlPath": "/s5"}, "response": {"transformers": ["response-template"], "base64Body": "e3tyZXF1ZXN0Lm1ldGhvZH19"}},
              {"request": {"urlPath": "/s6"}, "response": {"transformers": ["response-template"], "body": "{{parameters.greeting}} {{parameters.o.k}}",
                 "transformerParameters": {"greeting": "hi", "o": {"k": "v"}}}},
              {"request": {"urlPath": "/s7"}, "response": {"body": "{{request.method}}"}},
              {"request": {"urlPath": "/s8"}, "response": {"transformers": ["response-template", "no-such"], "body": "{{jsonPath request.body '$.a'}}"}}
            ]}
            """#.utf8).write(to: root.appendingPathComponent("mappings/parts.json"))
        let jar = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let ours = try StubServer.start(.stubs(try WireMockMappings.load(root: root).stubs))
        defer { ours.stop() }
        let requests = [
            TemplateCorpus.Case(id: "S1", template: "", method: "POST", target: "/s1?id=9", expected: ""),
            TemplateCorpus.Case(id: "S2", template: "", target: "/s2?id=9", expected: #"{"id":"9","n":1}"#),
            TemplateCorpus.Case(id: "S3", template: "", target: "/s3?id=7", expected: "item-7"),
            TemplateCorpus.Case(id: "S3b", template: "", target: "/s3?id=8", expected: nil),
            TemplateCorpus.Case(id: "S5", template: "", target: "/s5", expected: "{{request.method}}"),
            TemplateCorpus.Case(id: "S6", template: "", target: "/s6", expected: "hi v"),
            TemplateCorpus.Case(id: "S7", template: "", target: "/s7", expected: "{{request.method}}"),
            TemplateCorpus.Case(id: "S8", template: "", method: "POST", target: "/s8", body: #"{"a":"x"}"#, expected: "x"),
        ]
        for item in requests {
            let theirs = try await Self.send(item, to: jar.port), mine = try await Self.send(item, to: ours.port)
            #expect(theirs.status == mine.status, "\(item.id): jar \(theirs.status), Understudy \(mine.status)")
            if let expected = item.expected {
                #expect(theirs.text == mine.text && mine.text == expected, "\(item.id): jar \(theirs.text), Understudy \(mine.text)")
            }
            for name in ["Location", "X-V"] {
                #expect(theirs.values(name) == mine.values(name), "\(item.id) \(name)")
            }
        }
        let s1 = try await Self.send(requests[0], to: ours.port)
        #expect(s1.status == 201 && s1.values("Location") == ["/items/9"] && s1.values("X-V") == ["a-POST", "b"])
        await jar.stop()
    }

    @Test func aTemplatedProxyForwardsWhereTheRequestSays() async throws {
        let upstream = try StubServer.start(.stubs(Stubs { Route("/up77/{rest*}").respond(template: "{{request.url}} {{request.headers.X-M}}") }))
        defer { upstream.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-template-proxy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"""
            {"request": {"urlPath": "/t/proxy"},
             "response": {"transformers": ["response-template"], "proxyBaseUrl": "http://127.0.0.1:{{request.query.port}}/up{{request.query.v}}",
                          "additionalProxyRequestHeaders": {"X-M": "m-{{request.method}}"}}}
            """#.utf8).write(to: root.appendingPathComponent("mappings/proxy.json"))
        let jar = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let ours = try StubServer.start(.stubs(try WireMockMappings.load(root: root).stubs))
        defer { ours.stop() }
        let item = TemplateCorpus.Case(id: "P1", template: "", target: "/t/proxy?v=77&port=\(upstream.port)", expected: nil)
        let theirs = try await Self.send(item, to: jar.port), mine = try await Self.send(item, to: ours.port)
        #expect(mine.status == 200 && mine.text == "/up77/t/proxy?v&#x3D;77&amp;port&#x3D;\(upstream.port) m-GET", "\(mine.text)")
        #expect(theirs.status == mine.status && theirs.text == mine.text, "jar: \(theirs.text)")
        await jar.stop()
    }
}


extension WireAnswer {
    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
