import Foundation
import Testing
import UnderstudyTestSupport

/// Agreement with the Pact reference tools, both ways, on a corpus of every
/// feature class real pacts use (fixtures/pacts/interop: a GET with a body
/// and other methods with bodies, V2 query strings and bracketed rule keys,
/// binary and base64 bodies, URL-encoded forms, multipart uploads and answers, request and
/// response generators, provider-state values, V4 and legacy rule forms,
/// numbers whose spelling makes them integers or decimals).
/// Each pact has a `.drifted.json` copy whose responses the provider no
/// longer satisfies. For each pact, served by `pact stub` and by `understudy
/// serve`, `understudy verify --pact` and `pact verifier` must pass every
/// interaction of the pact and fail every interaction of its drifted copy.
@Suite(.serialized, .enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct PactInteropTests {
    static let folder = CommandLineSpecTests.root.appendingPathComponent("fixtures/pacts/interop")

    /// The corpus: every pact in the folder that is not a drifted copy.
    static let corpus: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".drifted.json") }.sorted()
    }()

    /// The interactions' descriptions, in file order.
    static func descriptions(_ path: String) throws -> [String] {
        let pact = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let interactions = try #require(pact["interactions"] as? [[String: Any]])
        return interactions.compactMap { $0["description"] as? String }
    }

    /// `understudy verify --pact`'s verdict on each interaction (`nil`: no row for it).
    static func ours(_ path: String, port: Int) async throws -> (verdicts: [String: Bool], output: String) {
        let run = try await CommandLineSpecTests.finished(["verify", "--pact", path, "--against", "http://127.0.0.1:\(port)"])
        var verdicts: [String: Bool] = [:]
        for description in try descriptions(path) {
            let row = run.output.split(separator: "\n").first { $0.contains(description + " — ") || $0.contains(description + " (given") }
            if let row { verdicts[description] = row.hasPrefix("ok") }
        }
        return (verdicts, run.output + run.errors)
    }

    /// `pact verifier`'s verdict on each interaction, from its JSON report.
    static func theirs(_ path: String, port: Int) async throws -> (verdicts: [String: Bool], output: String) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("pact-interop-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try await PactTool.run(["verifier", "-f", path, "--hostname", "127.0.0.1", "--port", "\(port)", "--no-colour", "-j", report.path])
        var verdicts: [String: Bool] = [:]
        if let data = try? Data(contentsOf: report), let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
           let results = json["interactionResults"] as? [[String: Any]] {
            for result in results {
                if let description = result["description"] as? String { verdicts[description] = result["result"] as? String == "OK" }
            }
        }
        return (verdicts, run.output + run.errors)
    }

    @Test(arguments: corpus)
    func bothToolsPassThePactAndFailItsDriftedCopyOnBothServers(_ name: String) async throws {
        let pact = Self.folder.appendingPathComponent(name).path
        let drifted = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".drifted.json")).path
        try #require(FileManager.default.fileExists(atPath: drifted), "\(name) needs a drifted copy")
        let descriptions = try Self.descriptions(pact)
        #expect(try Self.descriptions(drifted) == descriptions, "the drifted copy has the same interactions")

        let stub = try await PactStub(serving: pact)
        defer { stub.kill() }
        let stubPort = stub.port
        let served = try await CommandLineSpecTests.Served([pact, "--quiet"])
        defer { served.kill() }
        let servedPort = try #require(URL(string: served.url)?.port)

        for (server, port) in [("pact stub", stubPort), ("understudy serve", servedPort)] {
            for (file, passes) in [(pact, true), (drifted, false)] {
                for (tool, verdicts) in [("understudy verify", try await Self.ours(file, port: port)),
                                         ("pact verifier", try await Self.theirs(file, port: port))] {
                    for description in descriptions {
                        #expect(verdicts.verdicts[description] == passes,
                                "\(tool) against \(server) should \(passes ? "pass" : "fail") \"\(description)\" of \((file as NSString).lastPathComponent): \(verdicts.output.suffix(2_000))")
                    }
                }
            }
        }
    }
}
