import Foundation
import PactFormat
import StubKit
import Testing

/// The Pact specification's own matching cases (`../shared/data/pact-spec-testcases`):
/// every request, response and message case, JSON and XML, run through the
/// same matchers a server and a verifier use, must give the verdict the case
/// states. None is declined.
@Suite struct SpecificationCaseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/pact-spec-testcases")

    /// One case file's verdict against ours.
    struct Outcome {
        var file: String
        var expected: Bool
        var ours: Bool
        var reason: String
    }

    static func run(_ file: URL, version: PactVersion, kind: String) throws -> Outcome {
        let name = file.path.replacingOccurrences(of: root.path + "/", with: "")
        let document = try #require(JSONValue(data: try Data(contentsOf: file)), "\(name) is not JSON")
        guard case .object(let fields) = document, case .bool(let match)? = fields["match"],
              let expected = fields["expected"], let actual = fields["actual"]
        else { throw StubProblem(pointer: "", message: "\(name): no match, expected and actual") }
        let reader = PactPartReader(version: version)
        switch kind {
        case "message":
            let wanted = try reader.message(expected, at: "/expected")
            let got = try reader.message(actual, at: "/actual")
            let mismatches = wanted.mismatches(got.contents)
            return Outcome(file: name, expected: match, ours: mismatches.isEmpty, reason: mismatches.joined(separator: "; "))
        case "request":
            let pattern = try reader.request(expected, at: "/expected").requestPattern
            let request = try reader.request(actual, at: "/actual").recorded
            let checks = pattern.checks(against: request).filter { !$0.matched }
            return Outcome(file: name, expected: match, ours: pattern.match(request) != nil,
                           reason: checks.map { "\($0.field): expected \($0.expected), got \($0.actual)" }.joined(separator: "; "))
        default:
            let wanted = try reader.response(expected, at: "/expected")
            let got = try reader.response(actual, at: "/actual")
            let mismatches = wanted.mismatches(status: got.status, headers: HTTPHeaders(pairs: got.headers), body: got.body.data)
            return Outcome(file: name, expected: match, ours: mismatches.isEmpty, reason: mismatches.joined(separator: "; "))
        }
    }

    @Test(arguments: PactVersion.allCases)
    func everyCaseGivesTheStatedVerdict(_ version: PactVersion) throws {
        try #require(FileManager.default.fileExists(atPath: Self.root.path), "../shared/data/pact-spec-testcases is absent")
        var tally: [String: (agreed: Int, total: Int)] = [:]
        for kind in ["request", "response", "message"] where version != .v2 || kind != "message" {
            let folder = Self.root.appendingPathComponent("\(version.rawValue)/\(kind)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path } ?? []
            #expect(!files.isEmpty)
            for file in files {
                let outcome = try Self.run(file, version: version, kind: kind)
                let group = "\(version.rawValue)/\(kind)/\(file.deletingLastPathComponent().lastPathComponent)"
                var counts = tally[group] ?? (0, 0)
                counts.total += 1
                if outcome.ours == outcome.expected { counts.agreed += 1 }
                #expect(outcome.ours == outcome.expected,
                        "\(outcome.file): the case says match \(outcome.expected), we say \(outcome.ours). \(outcome.reason)")
                tally[group] = counts
            }
        }
        for group in tally.keys.sorted() {
            let counts = tally[group]!
            print("pact spec \(group): \(counts.agreed) of \(counts.total) agreed")
        }
    }
}
