public import Foundation

/// What a plug-in adds to spec files and the admin API: response recipes and
/// guards under keywords of its own, read from the value beneath the keyword.
///
/// The Marvel fake is one (`marvel:`, `marvelError:`, `guard: { marvel: … }`);
/// a fake of another API registers its own with ``StubPlugins/register(_:)``
/// and needs no change to the core.
public struct StubPlugin: Sendable {
    /// A response keyword: `response: { KEYWORD: value }`.
    public struct Recipe: Sendable {
        /// The keyword, e.g. `marvel`.
        public var keyword: String
        /// The recipe the value under the keyword states, or `nil` after
        /// reporting what is wrong with it through the input. A fixed
        /// response takes the spec's `status:` and `headers:` beside it.
        public var read: @Sendable (inout PluginInput) -> ResponseRecipe?

        /// A response keyword read by `read`.
        public init(_ keyword: String, read: @escaping @Sendable (inout PluginInput) -> ResponseRecipe?) {
            self.keyword = keyword
            self.read = read
        }
    }

    /// A guard keyword: `guard: { KEYWORD: value }`.
    public struct Guard: Sendable {
        /// The keyword, e.g. `marvel`.
        public var keyword: String
        /// The rule the value under the keyword states, or `nil` after
        /// reporting what is wrong with it through the input.
        public var read: @Sendable (inout PluginInput) -> AuthRule?
        /// Makes an example request pass the rule `value` states: adds (or
        /// replaces) what it asks for in the query and the headers.
        public var sign: @Sendable (_ value: JSONValue, _ query: inout [QueryItem], _ headers: inout [HTTPHeaders.Field]) -> Void
        /// Whether a request already carries credentials of this kind, so an
        /// example written to show the refusal is sent as written.
        public var carries: @Sendable (_ query: [QueryItem], _ headers: [HTTPHeaders.Field]) -> Bool
        /// The value a contract's `sign: KEYWORD` signs with (test keys);
        /// `nil` when the keyword cannot sign without being told how.
        public var testValue: JSONValue?

        /// A guard keyword.
        public init(
            _ keyword: String, testValue: JSONValue? = nil,
            read: @escaping @Sendable (inout PluginInput) -> AuthRule?,
            sign: @escaping @Sendable (JSONValue, inout [QueryItem], inout [HTTPHeaders.Field]) -> Void,
            carries: @escaping @Sendable ([QueryItem], [HTTPHeaders.Field]) -> Bool
        ) {
            self.keyword = keyword
            self.testValue = testValue
            self.read = read
            self.sign = sign
            self.carries = carries
        }
    }

    /// How a recording treats a session signed the plug-in's way (Marvel's
    /// `apikey`, `ts` and `hash`): the signature leaves the recorded stubs,
    /// the key becomes a placeholder, and the written spec gets a guard that
    /// checks signatures as the real API does.
    public struct RecordingPreset: Sendable {
        /// Whether a request is signed this way.
        public var isSigned: @Sendable (RecordedRequest) -> Bool
        /// The query parameter with the stable key (`apikey`), left out of the
        /// stubs' matchers and written as `${keyVariable}`.
        public var keyParameter: String
        /// The placeholder for the key (`MARVEL_PUBLIC_KEY`) and what it stands for.
        public var keyVariable: (name: String, meaning: String)
        /// The placeholder the replay's guard also needs (`MARVEL_PRIVATE_KEY`) and what it stands for.
        public var secretVariable: (name: String, meaning: String)
        /// The guard the written spec gets, from the two placeholders (`${MARVEL_PUBLIC_KEY}`, …).
        public var replayGuard: @Sendable (_ key: String, _ secret: String) -> AuthRule
        /// A comment line for the written file (without `# `).
        public var note: String

        /// A preset.
        public init(
            keyParameter: String, keyVariable: (name: String, meaning: String), secretVariable: (name: String, meaning: String),
            note: String, isSigned: @escaping @Sendable (RecordedRequest) -> Bool,
            replayGuard: @escaping @Sendable (String, String) -> AuthRule
        ) {
            self.keyParameter = keyParameter
            self.keyVariable = keyVariable
            self.secretVariable = secretVariable
            self.note = note
            self.isSigned = isSigned
            self.replayGuard = replayGuard
        }
    }

    /// The plug-in's name, e.g. `Marvel`; registering the same name again replaces it.
    public var name: String
    /// Its response keywords.
    public var recipes: [Recipe]
    /// Its guard keywords.
    public var guards: [Guard]
    /// How a recording treats sessions signed its way, when it has a way.
    public var recording: RecordingPreset?
    /// The envelopes its stateful resources can be sent in (`envelope: marvel`).
    public var envelopes: [ResourceEnvelope]

    /// A plug-in named `name`.
    public init(name: String, recipes: [Recipe] = [], guards: [Guard] = [], recording: RecordingPreset? = nil,
                envelopes: [ResourceEnvelope] = []) {
        self.name = name
        self.recipes = recipes
        self.guards = guards
        self.recording = recording
        self.envelopes = envelopes
    }
}

/// The value under a plug-in's keyword, as JSON, with the two things a
/// reader needs besides: fixture files beside the spec, and a place to put
/// what is wrong. A problem is located at a JSON pointer under the keyword
/// (`/results/3`); the spec reader turns it into the file's line and column.
public struct PluginInput {
    /// The value under the keyword.
    public let value: JSONValue
    /// What is wrong with the value, each at a JSON pointer under the keyword.
    public private(set) var problems: [(pointer: String, message: String)] = []
    private let readFile: (String) throws -> Data

    /// An input holding `value`, reading fixture files with `readFile`.
    public init(value: JSONValue, readFile: @escaping (String) throws -> Data) {
        self.value = value
        self.readFile = readFile
    }

    /// The bytes of the fixture file at `path`, relative to the spec's
    /// folder (never outside it); a failure is recorded at `pointer` and `nil` returned.
    public mutating func file(_ path: String, at pointer: String) -> Data? {
        do {
            return try readFile(path)
        } catch {
            fail("\(error)", at: pointer)
            return nil
        }
    }

    /// Records a problem at `pointer` under the keyword (`""`: the value itself).
    public mutating func fail(_ message: String, at pointer: String = "") {
        problems.append((pointer, message))
    }

    /// The members of `value` (at `pointer`), when it is an object whose keys
    /// are all `allowed`; an unknown key is a problem that suggests the
    /// closest known one, as the spec reader's own are.
    public mutating func members(_ value: JSONValue, at pointer: String = "", allowed: [String]) -> [String: JSONValue]? {
        guard case .object(let members) = value else {
            fail("expected a mapping, got \(value)", at: pointer)
            return nil
        }
        var known = true
        for name in members.keys.sorted() where !allowed.contains(name) {
            fail(Suggestion.unknownMember(name, among: allowed), at: pointer + "/" + LocatedJSON.escape(name))
            known = false
        }
        return known ? members : nil
    }

    /// `value` (at `pointer`) as text: a string, or a number or boolean a
    /// YAML file wrote unquoted (`publicKey: 1234` is the text `1234`);
    /// anything else is a problem.
    public mutating func string(_ value: JSONValue?, at pointer: String) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let number)? where number.isFinite:
            return Int(exactly: number).map(String.init) ?? "\(number)"
        case .bool(let flag)?: return flag ? "true" : "false"
        default:
            fail("expected text, got \(value.map { "\($0)" } ?? "nothing")", at: pointer)
            return nil
        }
    }

    /// `value` (at `pointer`) as a whole number in `range`; anything else is a problem.
    public mutating func int(_ value: JSONValue?, at pointer: String, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        guard case .number(let number)? = value, let whole = Int(exactly: number), range.contains(whole) else {
            fail("expected an integer in \(range.lowerBound)...\(range.upperBound), got \(value.map { "\($0)" } ?? "nothing")", at: pointer)
            return nil
        }
        return whole
    }
}
