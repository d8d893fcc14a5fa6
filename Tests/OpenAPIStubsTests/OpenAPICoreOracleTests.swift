import Foundation
import OpenAPIStubs
import StubKit
import Testing
import UnderstudyTestSupport

/// Our request and response checks against openapi-core's, on whole
/// requests and responses: the per-keyword corpus sent as request and
/// response bodies, and requests and answers for the pets document and the
/// Marvel document (parameters in their styles, bodies, statuses, media
/// types). The same valid/invalid verdict for each, both ways.
@Suite(.offPool, .enabled(if: OpenAPICoreOracle.installed || ProcessInfo.processInfo.environment["CI"] != nil,
                "openapi-core is not installed in .build/venv-openapi-core (scripts/test installs it; under CI its absence fails)"))
struct OpenAPICoreOracleTests {
    /// One exchange: the request (and the answer, when judged) as both sides see it.
    struct Exchange {
        var method = "GET"
        var target: String
        var contentType: String? = nil
        var body = ""
        var status: Int? = nil
        var answerType = "application/json"
        var answer = ""
    }

    /// The per-keyword corpus's document with `T` as an operation's request and response body.
    static func document(_ schema: String, dialect: String) -> String {
        let components = SchemaOracleTests.document(schema, dialect: dialect)
        let operation = ##""paths":{"/t":{"post":{"requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/T"}}}},"##
            + ##""responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/T"}}}}}}}}"##
        return components.replacingOccurrences(of: #""paths":{}"#, with: #""servers":[{"url":"http://oracle.test"}],"# + operation)
    }

    static let pets: [Exchange] = [
        Exchange(target: "/pets", status: 200, answer: "[]"),
        Exchange(target: "/pets?limit=2&tags=cat,dog", status: 200, answer: #"[{"id":1,"name":"Tom","kind":"cat"}]"#),
        Exchange(target: "/pets?limit=0", status: 200, answer: "[]"),
        Exchange(target: "/pets?limit=101", status: 200, answer: "[]"),
        Exchange(target: "/pets?limit=two", status: 200, answer: "[]"),
        Exchange(target: "/pets?tags=cat,fish", status: 200, answer: "[]"),
        Exchange(target: "/pets", status: 200, answer: #"[{"id":1,"name":"Tom","kind":"wolf"}]"#),
        Exchange(target: "/pets", status: 200, answer: #"[{"id":0,"name":"Tom","kind":"cat"}]"#),
        Exchange(target: "/pets", status: 200, answer: #"{"id":1}"#),
        Exchange(target: "/pets", status: 400, answerType: "application/problem+json", answer: #"{"title":"bad"}"#),
        Exchange(target: "/pets", status: 500, answer: "{}"),
        Exchange(method: "POST", target: "/pets", contentType: "application/json", body: #"{"name":"Tom","kind":"cat"}"#,
                 status: 201, answer: #"{"id":1,"name":"Tom","kind":"cat"}"#),
        Exchange(method: "POST", target: "/pets", contentType: "application/json", body: #"{"name":"","kind":"cat"}"#),
        Exchange(method: "POST", target: "/pets", contentType: "application/json", body: #"{"name":"Tom"}"#),
        Exchange(method: "POST", target: "/pets", contentType: "application/json", body: #"{"name":"Tom","kind":"cat","age":3}"#),
        Exchange(method: "POST", target: "/pets", contentType: "application/json", body: #"{"name":7,"kind":"cat"}"#),
        Exchange(method: "POST", target: "/pets", contentType: "application/json", body: #"{"name":"Tom","kind":"cat"}"#,
                 status: 201, answer: #"{"name":"Tom","kind":"cat"}"#),
        Exchange(target: "/pets/3", status: 200, answer: #"{"id":3,"name":"Rex","kind":"dog"}"#),
        Exchange(target: "/pets/0", status: 200, answer: #"{"id":3,"name":"Rex","kind":"dog"}"#),
        Exchange(target: "/pets/x", status: 200, answer: #"{"id":3,"name":"Rex","kind":"dog"}"#),
        Exchange(target: "/pets/3", status: 404, answerType: "application/problem+json", answer: #"{"title":"Not found"}"#),
        Exchange(target: "/pets/3", status: 200, answer: #"{"id":3,"name":"Rex","kind":"dog","born":"2024-02-30"}"#),
        Exchange(target: "/pets/3", status: 200, answer: #"{"id":3,"name":"Rex","kind":"dog","born":"2024-02-28"}"#),
        Exchange(target: "/owners"),
    ]

    static let marvelSigned = "apikey=1234&ts=1&hash=ffd275c5130566a2916217b101f26150"
    static let marvel: [Exchange] = [
        Exchange(target: "/v1/public/comics?\(marvelSigned)"),
        Exchange(target: "/v1/public/comics?\(marvelSigned)&limit=100&offset=20&format=comic&orderBy=-onsaleDate"),
        Exchange(target: "/v1/public/comics?\(marvelSigned)&limit=101"),
        Exchange(target: "/v1/public/comics?\(marvelSigned)&format=scroll"),
        Exchange(target: "/v1/public/comics?\(marvelSigned)&characters=1,2,3"),
        Exchange(target: "/v1/public/comics?\(marvelSigned)&characters=1,x"),
        Exchange(target: "/v1/public/comics?apikey=1234&ts=1"),
        Exchange(target: "/v1/public/characters/1009610?\(marvelSigned)"),
        Exchange(target: "/v1/public/characters/spider?\(marvelSigned)"),
        Exchange(target: "/v1/public/characters/1009610/comics?\(marvelSigned)&dateDescriptor=thisWeek"),
        Exchange(target: "/v1/public/characters/1009610/comics?\(marvelSigned)&dateDescriptor=someday"),
    ]

    @Test func ourVerdictsEqualOpenAPICoresOnTheKeywordCorpusAndBothDocuments() async throws {
        var cases: [[String: Any]] = []
        var ours: [(request: Bool, response: Bool?, label: String)] = []
        for item in SchemaOracleTests.corpus {
            for dialect in item.dialects {
                let text = Self.document(item.schema, dialect: dialect)
                let document = try OpenAPIDocument(data: Data(text.utf8), file: "corpus.json")
                let exchanges = item.instances.map {
                    Exchange(method: "POST", target: "/t", contentType: "application/json", body: $0, status: 200, answer: $0)
                }
                for exchange in exchanges {
                    ours.append(Self.judge(exchange, by: document, label: "\(dialect) \(item.schema) ← \(exchange.body)"))
                    cases.append(Self.oracleCase(exchange, document: try JSONSerialization.jsonObject(with: Data(text.utf8))))
                }
            }
        }
        for (path, exchanges) in [("fixtures/openapi/pets.yaml", Self.pets), ("specs/marvel.openapi.yaml", Self.marvel)] {
            let file = OpenAPICoreOracle.repository.appendingPathComponent(path)
            let document = try OpenAPIDocument(data: Data(contentsOf: file), file: path)
            for exchange in exchanges {
                ours.append(Self.judge(exchange, by: document, label: "\(path) \(exchange.method) \(exchange.target)"))
                cases.append(Self.oracleCase(exchange, document: file.path))
            }
        }
        let theirs = try await OpenAPICoreOracle.verdicts(cases)
        #expect(theirs.count == ours.count)
        var agreed = 0, total = 0, invalid = 0, diverged = 0
        for (mine, their) in zip(ours, theirs) {
            if OracleDivergence.known(mine.label) != nil, their["request"] as? Bool != mine.request {
                diverged += 1
                continue
            }
            let theirRequest = their["request"] as? Bool ?? false
            total += 1; invalid += theirRequest ? 0 : 1
            if theirRequest == mine.request { agreed += 1 }
            #expect(theirRequest == mine.request, "\(mine.label): openapi-core says the request is \(theirRequest ? "valid" : "invalid"), we say \(mine.request ? "valid" : "invalid")\n\(their["errors"] ?? "")")
            guard let theirResponse = their["response"] as? Bool, let myResponse = mine.response else { continue }
            total += 1; invalid += theirResponse ? 0 : 1
            if theirResponse == myResponse { agreed += 1 }
            #expect(theirResponse == myResponse, "\(mine.label): openapi-core says the response is \(theirResponse ? "valid" : "invalid"), we say \(myResponse ? "valid" : "invalid")\n\(their["errors"] ?? "")")
        }
        print("openapi-core oracle: \(agreed) of \(total) verdicts agreed (\(invalid) invalid, \(total - invalid) valid; \(cases.count) exchanges; "
              + "\(diverged) known divergences skipped)")
    }

    /// Our verdict: the document's traffic check, split into request and response.
    static func judge(_ exchange: Exchange, by document: OpenAPIDocument, label: String) -> (request: Bool, response: Bool?, label: String) {
        var headers = HTTPHeaders()
        if let type = exchange.contentType { headers.add("Content-Type", type) }
        let request = RecordedRequest(method: exchange.method, target: exchange.target, headers: headers, body: Data(exchange.body.utf8))
        let response = exchange.status.map { StubResponse(status: $0, headers: ["Content-Type": exchange.answerType], body: Data(exchange.answer.utf8)) }
        let violations = document.violations(of: request, response: response)
        return (!violations.contains { $0.hasPrefix("request") }, response.map { _ in !violations.contains { $0.hasPrefix("response") } }, label)
    }

    /// openapi-core's case for `exchange` on `document` (a path or a decoded
    /// document); the oracle sends the target to the document's first server.
    static func oracleCase(_ exchange: Exchange, document: Any) -> [String: Any] {
        var request: [String: Any] = ["method": exchange.method, "target": exchange.target, "body": exchange.body]
        if let type = exchange.contentType { request["contentType"] = type }
        var found: [String: Any] = ["document": document, "request": request]
        if let status = exchange.status { found["response"] = ["status": status, "contentType": exchange.answerType, "body": exchange.answer] }
        return found
    }
}

/// openapi-core in its own virtual environment (`.build/venv-openapi-core`).
enum OpenAPICoreOracle {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = repository.appendingPathComponent(".build/venv-openapi-core/bin/python")
    static let installed = FileManager.default.isExecutableFile(atPath: python.path)

    /// openapi-core's verdict on each case: `request`, `response` (or null) and `errors`.
    static func verdicts(_ cases: [[String: Any]]) async throws -> [[String: Any]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("core-oracle-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: cases).write(to: file)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("python/core_oracle.py")
        let run = try await ChildProcess.finished(python, [script.path, file.path])
        #expect(run.status == 0, "openapi-core failed: \(run.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    }
}
