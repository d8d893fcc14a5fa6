import Foundation
import PactFormat
import StubKit
import StubServer
import WireClient

/// The pact reader on arbitrary bytes. It must either read the pact or
/// throw a ``StubValidationError`` whose every problem names the file, a
/// line and a column; any other outcome is a finding. What it reads must
/// match requests and judge responses without trapping, and serve or be
/// refused the way every stub list is.
enum PactFuzz {
    static func run(_ bytes: [UInt8]) {
        let name = "fuzz.json"
        do {
            let pact = try PactFile.read(Data(bytes), file: name)
            let probe = RecordedRequest(method: "GET", target: "/a?b=1", headers: ["Accept": "application/json"], body: Data(bytes.prefix(64)))
            for interaction in pact.interactions {
                _ = interaction.request.requestPattern.detailedDescription
                _ = interaction.request.requestPattern.match(probe)
                _ = interaction.request.requestPattern.match(interaction.request.recorded)
                _ = interaction.response.mismatches(status: 200, headers: probe.headers, body: probe.body)
                _ = interaction.response.mismatches(status: interaction.response.status, headers: HTTPHeaders(pairs: interaction.response.headers),
                                                    body: interaction.response.body.data)
                // What a verifier sends: generated values, the target as written, framed or refused.
                var random = SystemRandomNumberGenerator()
                let sent = interaction.request.generated(values: ["id": .number(7)], using: &random)
                let request = WireRequest(method: sent.method, target: sent.target.hasPrefix("/") ? sent.target : "/" + sent.target,
                                          headers: sent.headers.map { WireField($0.name, $0.value) }, body: sent.body.data)
                do { _ = try request.encoded(authority: "127.0.0.1:1") } catch {
                    guard case .unsendable = error else { fatalError("encoding failed with \(error)") }
                }
            }
            _ = try? StubSet(pact.stubs(stateHeader: "X-Provider-State"))
        } catch {
            LocatedRefusal.check(error, file: name)
        }
    }
}
