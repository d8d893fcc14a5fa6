import Foundation
import StubTesting

/// Where the Marvel contract suite writes its consumer pact: nowhere by
/// default; `UNDERSTUDY_PACT_DIR=pacts swift test --filter MarvelContractTests`
/// writes `pacts/MarvelClient-Marvel.json`.
enum MarvelPact {
    static let consumer = "MarvelClient"
    static let provider = "Marvel"

    static var recording: PactRecording? {
        guard let folder = ProcessInfo.processInfo.environment["UNDERSTUDY_PACT_DIR"], !folder.isEmpty else { return nil }
        return PactRecording(consumer: consumer, provider: provider, directory: URL(fileURLWithPath: folder))
    }
}
