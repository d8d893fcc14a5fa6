import Foundation
import PactFormat
import StubKit
import StubServer

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
            }
            _ = try? StubSet(pact.stubs(stateHeader: "X-Provider-State"))
        } catch {
            LocatedRefusal.check(error, file: name)
        }
    }
}
