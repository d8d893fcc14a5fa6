import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// The same mappings loaded into the real WireMock 2.35.1 and into
/// Understudy answer the same requests the same way: status, body bytes (or
/// equal JSON), the headers the mappings set, and the kind of broken
/// connection a fault makes. Unmatched requests must be 404 on both (the
/// bodies differ by design: ours is the near-miss report).
@Suite(.enabled("the real WireMock is not here (scripts/wiremock installs it; under CI its absence fails)") { await RealWireMock.shouldRun() })
struct DifferentialTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let samples = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/wiremock-samples")
    /// Headers some mapping sets, compared on every answer.
    static let compared = ["X-Kind", "X-Many", "Content-Type"]

    @Test func ourCorpusAnswersAsTheRealWireMockDoes() async throws {
        let root = Self.here.appendingPathComponent("Corpus/core")
        let requests = try JSONDecoder().decode([String].self, from: Data(contentsOf: Self.here.appendingPathComponent("Corpus/core-requests.json")))
        // The delayed mappings' least delays: no server that honours them can answer sooner.
        let delays: [String: Duration] = ["GET /slow": .milliseconds(20), "GET /drip": .milliseconds(40), "GET /uniform": .milliseconds(1)]
        let agreed = try await compare(root: root, requests: requests.map(WireExchange.init), leastDelays: delays)
        print("differential (our corpus): \(agreed) of \(requests.count) requests agree with WireMock 2.35.1")
    }

    @Test func theSampleMappingsAnswerAsTheRealWireMockDoes() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.samples.path), "../shared/data/wiremock-samples is absent")
        // A root of the sample mappings that load (some name body files the samples lack).
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let files = (FileManager.default.enumerator(at: Self.samples, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "json" && ($0.path.contains("/mappings/") || $0.path.contains("/workshop/")) }
            .sorted { $0.path < $1.path }
        var requests: [WireExchange] = []
        var loadedFiles = 0
        for (number, file) in files.enumerated() {
            guard let loaded = try? WireMockMappings.load(file: file), !loaded.stubs.isEmpty else { continue }
            loadedFiles += 1
            let copy = root.appendingPathComponent("mappings/\(number)-\(file.lastPathComponent)")
            try FileManager.default.copyItem(at: file, to: copy)
            let bodies = file.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("__files")
            for body in (try? FileManager.default.contentsOfDirectory(atPath: bodies.path)) ?? []
            where !FileManager.default.fileExists(atPath: root.appendingPathComponent("__files/\(body)").path) {
                try FileManager.default.copyItem(at: bodies.appendingPathComponent(body), to: root.appendingPathComponent("__files/\(body)"))
            }
            requests += SampleRequests.derive(from: try Data(contentsOf: file))
        }
        let agreed = try await compare(root: root, requests: requests)
        print("differential (samples): \(loadedFiles) of \(files.count) mapping files load; \(agreed) of \(requests.count) requests agree")
        #expect(requests.count >= 30)
    }

    /// More than 16 URL-regex mappings, so a path without a literal stub finds
    /// them by their literal start (``RouteIndex``), with a priority and a
    /// newer, narrower duplicate deciding between regexes that both match.
    @Test func aRootOfManyURLRegexesAnswersAsTheRealWireMockDoes() async throws {
        func mapping(_ request: [String: Any], _ body: String, priority: Int? = nil) -> [String: Any] {
            var mapping: [String: Any] = ["request": request, "response": ["status": 200, "body": body, "headers": ["X-Kind": body]]]
            if let priority { mapping["priority"] = priority }
            return mapping
        }
        var mappings = (0..<20).map { mapping(["method": "GET", "urlPathPattern": "/items/\($0)/[0-9]+"], "item-\($0)") }
        mappings += (0..<10).map { mapping(["method": "GET", "urlPattern": "/search/\($0)\\?q=[a-z]+"], "search-\($0)") }
        mappings.append(mapping(["method": "GET", "urlPathPattern": "/users/[^/]+"], "user")) // 2.35.1 has no urlPathTemplate
        mappings.append(mapping(["method": "GET", "urlPathPattern": "/items/[0-9]/5"], "any-digit-then-5", priority: 1))
        mappings.append(mapping(["method": "GET", "urlPathPattern": "/items/4/[0-9]+", "headers": ["X-Pick": ["equalTo": "b"]]], "item-4-b"))
        mappings.append(mapping(["method": "POST"], "any-post"))
        mappings.append(mapping(["method": "GET", "urlPathPattern": "/it.*/9/[0-9]+"], "no-literal-start"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-regexes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try JSONSerialization.data(withJSONObject: ["mappings": mappings]).write(to: root.appendingPathComponent("mappings/regexes.json"))
        let requests = [
            "GET /items/0/1", "GET /items/19/7", "GET /items/3/5", "GET /items/3/6", "GET /items/4/1", "GET /items/4/1|X-Pick: b", "GET /items/9/2",
            "GET /items/20/1", "GET /items/1/x", "GET /its/9/3", "GET /search/2?q=abc", "GET /search/2?q=ABC", "GET /search/2",
            "GET /users/42", "GET /users/42/x", "POST /items/0/1", "POST /elsewhere", "GET /nothing",
        ]
        let agreed = try await compare(root: root, requests: requests.map(WireExchange.init))
        print("differential (many URL regexes): \(agreed) of \(requests.count) requests agree with WireMock 2.35.1")
    }

    /// Sends every request to both servers in order; returns how many agree
    /// and records an issue for each that does not.
    private func compare(root: URL, requests: [WireExchange], leastDelays: [String: Duration] = [:]) async throws -> Int {
        let wireMock = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let loaded = try WireMockMappings.load(root: root)
        var configuration = StubServer.Configuration()
        configuration.randomSeed = 7
        let server = try StubServer.start(.stubs(loaded.stubs, configuration: configuration))
        defer { server.stop() }
        var agreed = 0
        for request in requests {
            let clock = ContinuousClock()
            var theirs = WireAnswer(ReceiveResult(bytes: [], ending: .closed)), ours = theirs
            let theirTime = try await clock.measure { theirs = try await request.send(to: wireMock.port) }
            let ourTime = try await clock.measure { ours = try await request.send(to: server.port) }
            if let least = leastDelays[request.line] {
                #expect(theirTime >= least && ourTime >= least,
                        "\(request): delayed at least \(least)? WireMock answered after \(theirTime), Understudy after \(ourTime)")
            }
            if Self.agree(ours, theirs) {
                agreed += 1
            } else {
                Issue.record("\(request)\n  WireMock:   \(theirs)\n  Understudy: \(ours)")
            }
        }
        await wireMock.stop()
        return agreed
    }

    static func agree(_ ours: WireAnswer, _ theirs: WireAnswer) -> Bool {
        // MALFORMED_RESPONSE_CHUNK: WireMock sends a 200 head and then
        // unframed garbage; Understudy a 200 chunked head and a bad chunk.
        // Either way the client gets a 200 head and a body it cannot use.
        if ours.kind == .malformedChunk, theirs.kind == .response, theirs.status == 200,
           theirs.header("Content-Length") == nil, theirs.header("Transfer-Encoding") == nil {
            return true
        }
        guard ours.kind == theirs.kind else { return false }
        guard ours.kind == .response else { return true }
        guard ours.status == theirs.status else { return false }
        if theirs.status == 404, String(decoding: theirs.body, as: UTF8.self).contains("Request was not matched") { return true }
        // A body file that does not exist: WireMock's Jetty page and our JSON
        // both answer 500 naming the file (the samples name files they lack).
        // A template that fails when rendered: Jetty's page names the Java
        // exception, ours the template's failure; both answer 500.
        if theirs.status == 500, String(decoding: ours.body, as: UTF8.self).contains("the stub's response template failed") { return true }
        if theirs.status == 500, let missing = Self.missingFile(in: theirs.body) {
            return String(decoding: ours.body, as: UTF8.self).contains(missing)
        }
        let sameBody = ours.body == theirs.body
            || (JSONValue(data: Data(ours.body)).map { $0 == JSONValue(data: Data(theirs.body)) } ?? false)
        let sameHeaders = compared.allSatisfy { name in
            theirs.values(name).isEmpty || ours.values(name) == theirs.values(name)
        }
        return sameBody && sameHeaders
    }

    /// The `__files/…` path a Jetty 500 page names as not found, or `nil`.
    static func missingFile(in body: [UInt8]) -> String? {
        let text = String(decoding: body, as: UTF8.self)
        guard let start = text.range(of: "FileNotFoundException: "), let files = text.range(of: "/__files/", range: start.upperBound..<text.endIndex),
              let end = text.range(of: " (No such file", range: files.upperBound..<text.endIndex) else { return nil }
        return String(text[files.upperBound..<end.lowerBound])
    }
}
