import StubKit
/// What a recording keeps, drops and hides (docs/recording.md).
///
/// Two kinds of redaction, both applied when the recording is written and,
/// through the written matchers, when it is replayed:
///
/// - **dropped**: credentials a client makes anew for every request (`ts`,
///   `hash`, `Authorization`, cookies) leave the recorded matchers, so a
///   replay matches whatever the client sends now;
/// - **placeholders**: stable secrets (an `apikey`, a token in a body) are
///   written as `${VARIABLE}` and read back from the environment when the
///   spec is loaded.
///
/// Every value seen in either position is a secret: the recording is refused
/// when one still appears anywhere in what would be written.
public struct RecordingRules: Sendable, Hashable {
    /// Query parameters dropped from matchers (compared without case).
    public var droppedQuery: Set<String>
    /// Request headers whose values are credentials (compared without
    /// case): never matched, never written, scanned for.
    public var droppedHeaders: Set<String>
    /// Parameter, header or JSON member names (without case) whose values
    /// are written as `${VARIABLE}`, by name.
    public var placeholders: [String: String]
    /// Request headers the recorded stubs match on (none by default, as
    /// WireMock's `captureHeaders`).
    public var matchedHeaders: [String]
    /// Response headers not written: they describe one answer, not the API.
    public var droppedResponseHeaders: Set<String>
    /// Repeated identical requests with different answers: all answers as a
    /// `sequence` whose last one repeats (`true`), or only the first.
    public var repeatsAsSequence: Bool
    /// A body larger than this many bytes goes to a fixture file.
    public var inlineBodyLimit: Int
    /// For stubs served in this process at once: stable secrets kept as
    /// seen (they never leave memory), every body inline.
    var keepsValuesForReplay = false

    /// The defaults: Marvel's `ts` and `hash` and common signature names
    /// dropped; `Authorization`, `Proxy-Authorization` and `Cookie` dropped;
    /// API keys, tokens, passwords and client secrets as placeholders.
    public init(
        droppedQuery: Set<String> = RecordingRules.defaultDroppedQuery,
        droppedHeaders: Set<String> = RecordingRules.defaultDroppedHeaders,
        placeholders: [String: String] = RecordingRules.defaultPlaceholders,
        matchedHeaders: [String] = [],
        droppedResponseHeaders: Set<String> = RecordingRules.defaultDroppedResponseHeaders,
        repeatsAsSequence: Bool = true,
        inlineBodyLimit: Int = 8 * 1024
    ) {
        self.droppedQuery = Set(droppedQuery.map { $0.lowercased() })
        self.droppedHeaders = Set(droppedHeaders.map { $0.lowercased() })
        self.placeholders = Dictionary(placeholders.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.matchedHeaders = matchedHeaders
        self.droppedResponseHeaders = Set(droppedResponseHeaders.map { $0.lowercased() })
        self.repeatsAsSequence = repeatsAsSequence
        self.inlineBodyLimit = inlineBodyLimit
    }

    /// `ts`, `hash`, `signature`, `sig`, `nonce`.
    public static let defaultDroppedQuery: Set<String> = ["ts", "hash", "signature", "sig", "nonce"]
    /// `Authorization`, `Proxy-Authorization`, `Cookie`.
    public static let defaultDroppedHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    /// API keys, tokens, passwords and client secrets, each by its own upper-case name.
    public static let defaultPlaceholders: [String: String] = [
        "apikey": "APIKEY", "api_key": "API_KEY", "x-api-key": "X_API_KEY", "access_token": "ACCESS_TOKEN",
        "refresh_token": "REFRESH_TOKEN", "id_token": "ID_TOKEN", "token": "TOKEN", "password": "PASSWORD",
        "client_secret": "CLIENT_SECRET",
    ]
    /// `Date`, `Server`, `Set-Cookie`, the framing headers and per-answer ids.
    public static let defaultDroppedResponseHeaders: Set<String> = [
        "date", "server", "set-cookie", "content-length", "transfer-encoding", "connection", "keep-alive", "age",
        "via", "x-request-id", "x-amzn-requestid", "cf-ray",
    ]

    /// Marvel's own names: `MARVEL_PUBLIC_KEY` for the `apikey` of a signed
    /// session (whose stubs get a Marvel guard instead of the signature).
    @available(*, deprecated, message: "the Marvel plug-in's recording preset names it: StubPlugin.marvel.recording?.keyVariable.name")
    public static let marvelPublicKeyVariable = "MARVEL_PUBLIC_KEY"
    /// The private key a recorded Marvel session's guard checks with.
    @available(*, deprecated, message: "the Marvel plug-in's recording preset names it: StubPlugin.marvel.recording?.secretVariable.name")
    public static let marvelPrivateKeyVariable = "MARVEL_PRIVATE_KEY"

    /// These rules for stubs served at once in the recording process.
    var forReplayInProcess: RecordingRules {
        var rules = self
        rules.keepsValuesForReplay = true
        rules.inlineBodyLimit = .max
        return rules
    }

    /// The placeholder variable for a parameter, header or member name.
    func placeholder(for name: String) -> String? { placeholders[name.lowercased()] }
}
