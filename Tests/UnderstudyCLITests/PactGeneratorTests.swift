import Foundation
import StubKit
import Testing
import UnderstudyTestSupport

/// A pact's response generators, applied by `understudy serve` for every
/// answer the way `pact stub` applies them: the same pact, both servers, the
/// same kinds of values where the example had fixed ones. Beyond `pact stub`,
/// we also fill `ProviderState` values from the interaction's state
/// parameters and point `MockServerURL` values at ourselves (as `pact mock`
/// does); `pact stub` keeps those examples.
@Suite(.enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct PactGeneratorTests {
    static let pact = "fixtures/pacts/generators-v4.json"

    /// What a generated answer must hold, from a server at `base`.
    static func check(_ reply: HTTPClient.Reply, base: String, who: String, fillsStatesAndURLs: Bool = true) throws {
        #expect(reply.status == 201, "\(who): \(reply.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any], "\(who): \(reply.text)")
        #expect(body["id"] as? Int == (fillsStatesAndURLs ? 42 : 1), "\(who): ProviderState fills the id from the state's params: \(body)")
        #expect(reply.header("Location") == (fillsStatesAndURLs ? "/users/42" : "/users/1"), "\(who): and the Location header")
        let token = try #require(body["token"] as? String)
        #expect(token != "00000000-0000-4000-8000-000000000000" && UUID(uuidString: token) != nil, "\(who): a fresh UUID, got \(token)")
        let code = try #require(body["code"] as? String)
        #expect(code.range(of: #"^[A-Z]{2}-\d{2}$"#, options: .regularExpression) != nil, "\(who): a string the regex matches, got \(code)")
        #expect(body["self"] as? String == (fillsStatesAndURLs ? "\(base)/users/1" : "http://provider.example/users/1"),
                "\(who): the URL points at the answering server")
        let created = try #require(body["created"] as? String)
        #expect(created != "2000-01-01T00:00:00" && created.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil,
                "\(who): now in the format, got \(created)")
        let lucky = try #require(body["lucky"] as? Int)
        #expect((10...19).contains(lucky), "\(who): RandomInt within min and max, got \(lucky)")
    }

    @Test func oursAndPactStubBothMakeTheGeneratedValues() async throws {
        let client = HTTPClient()
        defer { client.close() }
        let served = try await CommandLineSpecTests.Served([Self.pact, "--quiet"])
        defer { served.kill() }
        try Self.check(try await client.send("POST", URL(string: "\(served.url)/users")!), base: served.url, who: "understudy serve")

        let stub = try await PactStub(serving: CommandLineSpecTests.root.appendingPathComponent(Self.pact).path)
        defer { stub.kill() }
        let base = stub.base
        try Self.check(try await client.send("POST", URL(string: "\(base)/users")!), base: base, who: "pact stub", fillsStatesAndURLs: false)
    }

    /// The values `expressions` make at every second from `start` to `end`, in `format`.
    static func window(_ expression: DateExpression, format: String, from start: Date, to end: Date) -> Set<String> {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        var made: Set<String> = []
        var instant = start.addingTimeInterval(-1)
        while instant <= end.addingTimeInterval(1) {
            made.insert(formatter.string(from: expression.resolve(from: instant)))
            instant.addTimeInterval(0.5)
        }
        return made
    }

    @Test func dateExpressionsMakeTheSameValuesInOursAndPactStub() async throws {
        let pact = "fixtures/pacts/interop/date-expressions-v4.json"
        let path = CommandLineSpecTests.root.appendingPathComponent(pact).path
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let interaction = try #require((document["interactions"] as? [[String: Any]])?.first)
        let generators = try #require(((interaction["response"] as? [String: Any])?["generators"] as? [String: Any])?["body"] as? [String: [String: String]])

        let stub = try await PactStub(serving: path)
        defer { stub.kill() }
        let port = stub.port
        let served = try await CommandLineSpecTests.Served([pact, "--quiet"])
        defer { served.kill() }
        let client = HTTPClient()
        defer { client.close() }

        for (who, base) in [("pact stub", "http://127.0.0.1:\(port)"), ("understudy serve", served.url)] {
            let start = Date()
            let reply = try await client.get(URL(string: "\(base)/calendar")!)
            let end = Date()
            let body = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any], "\(who): \(reply.text)")
            for (path, generator) in generators.sorted(by: { $0.key < $1.key }) {
                let kind: DateExpression.Kind = generator["type"] == "Date" ? .date : generator["type"] == "Time" ? .time : .dateTime
                let expression = try DateExpression(try #require(generator["expression"]), kind: kind)
                let value = try #require(body[String(path.dropFirst(2))] as? String, "\(who): \(path) in \(reply.text)")
                let expected = Self.window(expression, format: try #require(generator["format"]), from: start, to: end)
                #expect(expected.contains(value), "\(who): \(path) (\(expression)) is \(value), expected one of \(expected.sorted())")
            }
        }
    }
}
