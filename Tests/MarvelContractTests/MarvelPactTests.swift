import Foundation
import MarvelFake
import StubTesting
import Testing
import UnderstudyTestSupport

/// The Marvel contract suite's consumer pact, checked by the real Pact tools:
/// `pact verifier` accepts it against `understudy serve --marvel`, and
/// `pact stub` serving it passes the same contract clauses.
@Suite(.enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct MarvelPactTests {
    /// Runs the route and mistake contracts with pact writing on, into a fresh folder.
    static func writeSuitePact() async throws -> (PactRecording, PactFile) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marvel-pact-\(UUID().uuidString)")
        let recording = PactRecording(consumer: MarvelPact.consumer, provider: MarvelPact.provider, directory: folder)
        let keys = MarvelRouteContractTests.keys
        let routes = await Contract("Marvel: every route decodes", serving: .starting { try MarvelFake().start() }, pact: recording) { server in
            MarvelRouteContractTests.routeClauses(server.baseURL)
            Authenticated(.marvel(publicKey: keys.publicKey, privateKey: keys.privateKey))
        }.run()
        let mistakes = await Contract("Marvel: mistakes map to errors", serving: .starting { try MarvelFake().start() }, pact: recording) { server in
            MarvelErrorContractTests.mistakeClauses(server.baseURL)
        }.run()
        #expect(routes.failedCount == 0 && mistakes.failedCount == 0, "\(routes)\n\(mistakes)")
        return (recording, try PactFile.load(recording.file))
    }

    @Test func thePactVerifierAcceptsTheSuitesPactAgainstServeMarvel() async throws {
        let (recording, pact) = try await Self.writeSuitePact()
        defer { try? FileManager.default.removeItem(at: recording.directory) }
        #expect(pact.interactions.count == 49, "41 route clauses and 8 mistakes, one request each")
        let signed = try #require(pact.interactions.first { $0.description == "a comic" })
        #expect(signed.request.rules.query["hash"] != nil && signed.request.rules.query["ts"] != nil,
                "a well-signed request states ts and hash by pattern")
        let wrong = try #require(pact.interactions.first { $0.description == "the wrong private key" })
        #expect(wrong.request.rules.query["hash"] == nil, "a request signed wrongly on purpose is stated exactly")

        let served = try ChildProcess(try BuiltProducts.url("understudy"), ["serve", "--marvel", "--ready-json", "--quiet"])
        defer { served.kill() }
        let ready = try #require(try JSONSerialization.jsonObject(with: Data(await served.readLine().utf8)) as? [String: Any])
        let port = try #require(ready["port"] as? Int)
        let report = recording.directory.appendingPathComponent("report.json")
        let theirs = try await PactTool.run(["verifier", "-f", recording.file.path, "--hostname", "127.0.0.1", "--port", "\(port)",
                                             "--no-colour", "-j", report.path])
        #expect(theirs.status == 0, "pact verifier: \(theirs.output.suffix(3000))")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let interactions = try #require(results["interactionResults"] as? [[String: Any]])
        #expect(interactions.count == 49)
        #expect(interactions.allSatisfy { $0["result"] as? String == "OK" })

        let ours = try await ChildProcess.finished(try BuiltProducts.url("understudy"),
                                                   ["verify", "--pact", recording.file.path, "--against", "http://127.0.0.1:\(port)"])
        #expect(ours.status == 0, "understudy verify --pact agrees: \(ours.output.suffix(3000))")
    }

    @Test func theContractClausesPassAgainstPactStubServingThePact() async throws {
        let (recording, _) = try await Self.writeSuitePact()
        defer { try? FileManager.default.removeItem(at: recording.directory) }
        let stub = try await PactStub(serving: recording.file.path)
        defer { stub.kill() }
        let url = try #require(URL(string: stub.base))

        let routes = await Contract("Marvel routes against pact stub", against: url) { url in
            MarvelRouteContractTests.routeClauses(url)
        }.run()
        #expect(routes.failedCount == 0, "\(routes)")
        #expect(routes.results.count == 41)
        let mistakes = await Contract("Marvel mistakes against pact stub", against: url) { url in
            MarvelErrorContractTests.mistakeClauses(url)
        }.run()
        #expect(mistakes.failedCount == 0, "\(mistakes)")
        #expect(mistakes.results.count == 8)
    }
}
