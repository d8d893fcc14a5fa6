import ArgumentParser
import Foundation
import StubRecording

/// What `record` and `import har` keep of each exchange, and how: the
/// credentials dropped, the secrets written as placeholders, the headers
/// matched, repeated requests, and where bodies go.
struct RecordingOptions: ParsableArguments {
    @Option(name: .customLong("spec"), help: ArgumentHelp("The spec file's name in the folder.", valueName: "name.yaml"))
    var specName = "recording.yaml"

    @Option(name: .customLong("redact-query"), help: ArgumentHelp("A query parameter that changes per request, dropped from the matchers (repeatable; ts, hash, signature, sig, nonce always).", valueName: "name"))
    var redactQuery: [String] = []

    @Option(name: .customLong("redact-header"), help: ArgumentHelp("A request header that carries a credential, never matched or written (repeatable; Authorization, Proxy-Authorization, Cookie always).", valueName: "name"))
    var redactHeader: [String] = []

    @Option(name: .customLong("placeholder"), help: ArgumentHelp("A query parameter, header or JSON member whose value is written as ${VARIABLE} and read from the environment on replay (repeatable; apikey, api_key, X-API-Key, access_token, token, password, client_secret… by default).", valueName: "name=VARIABLE"))
    var placeholder: [String] = []

    @Option(name: .customLong("match-header"), help: ArgumentHelp("A request header the recorded stubs match on (repeatable; none by default).", valueName: "name"))
    var matchHeader: [String] = []

    @Flag(help: "Keep only the first answer to repeated identical requests (default: all, as a sequence whose last answer repeats).")
    var firstAnswerOnly = false

    @Option(help: "Bodies larger than this many bytes go to fixture files.")
    var inlineLimit = RecordingRules().inlineBodyLimit

    func validate() throws {
        guard !specName.isEmpty, !specName.contains("/"), specName != ".", specName != ".." else {
            throw ValidationError("--spec is a file name inside --out, not a path: \"\(specName)\"")
        }
        guard inlineLimit >= 0 else { throw ValidationError("--inline-limit must be 0 or more") }
        for pair in placeholder where placeholderPair(pair) == nil {
            throw ValidationError("--placeholder takes name=VARIABLE (VARIABLE: letters, digits and _), not \"\(pair)\"")
        }
    }

    private func placeholderPair(_ text: String) -> (String, String)? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty,
              parts[1].range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil else { return nil }
        return (parts[0], parts[1])
    }

    var rules: RecordingRules {
        var placeholders = RecordingRules.defaultPlaceholders
        for pair in placeholder { if let (name, variable) = placeholderPair(pair) { placeholders[name.lowercased()] = variable } }
        return RecordingRules(
            droppedQuery: RecordingRules.defaultDroppedQuery.union(redactQuery),
            droppedHeaders: RecordingRules.defaultDroppedHeaders.union(redactHeader),
            placeholders: placeholders, matchedHeaders: matchHeader,
            repeatsAsSequence: !firstAnswerOnly, inlineBodyLimit: inlineLimit)
    }
}
