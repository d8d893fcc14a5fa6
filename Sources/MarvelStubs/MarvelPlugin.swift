public import StubKit
import Foundation

extension StubPlugin {
    /// Marvel's keywords in spec files and the admin API:
    ///
    /// - `response: { marvel: { results: [ … ] | { file: path }, attribution: { copyright, attributionText, attributionHTML } } }`:
    ///   the paged envelope (a file holds a JSON array or a whole envelope whose `data.results` are used);
    /// - `response: { marvelError: { status, message, code? } }`: the API's error body (`code` for gateway errors);
    /// - `guard: { marvel: { publicKey, privateKey } }`: Marvel signing, which examples are signed for
    ///   and a contract's `sign: marvel` signs with the documented test keys 1234/abcd;
    /// - `resource: { …, envelope: marvel }`: a stateful resource in Marvel's paged envelope (``ResourceEnvelope/marvel``).
    public static let marvel = StubPlugin(
        name: "Marvel",
        recipes: [.init("marvel", read: MarvelPlugin.envelope), .init("marvelError", read: MarvelPlugin.failure)],
        guards: [.init("marvel", testValue: ["publicKey": "1234", "privateKey": "abcd"], read: MarvelPlugin.signing,
                       sign: MarvelPlugin.sign, carries: { query, _ in query.contains { $0.name == "apikey" || $0.name == "hash" } })],
        recording: RecordingPreset(
            keyParameter: "apikey", keyVariable: ("MARVEL_PUBLIC_KEY", "the Marvel public key (apikey)"),
            secretVariable: ("MARVEL_PRIVATE_KEY", "the Marvel private key the replay checks signatures with"),
            note: "Signed requests were recorded without apikey, ts and hash; the guard checks signatures as Marvel does.",
            isSigned: { request in Set(request.query.map { $0.name.lowercased() }).isSuperset(of: ["apikey", "ts", "hash"]) },
            replayGuard: { key, secret in .marvel(publicKey: key, privateKey: secret) }
        ),
        envelopes: [.marvel]
    )
}

/// The readers behind ``StubPlugin/marvel``.
enum MarvelPlugin {
    static func envelope(_ input: inout PluginInput) -> ResponseRecipe? {
        guard case .object(let fields) = input.value, let resultsValue = fields["results"] else {
            input.fail("marvel needs results: a list, or { file: path }")
            return nil
        }
        guard let fields = input.members(input.value, allowed: ["results", "attribution"]) else { return nil }
        let results: [JSONValue]
        switch resultsValue {
        case .array(let items):
            results = items
        default:
            guard let parts = input.members(resultsValue, at: "/results", allowed: ["file"]),
                  let path = input.string(parts["file"], at: "/results/file"),
                  let data = input.file(path, at: "/results/file") else { return nil }
            switch JSONValue(data: data) {
            case .array(let items)?:
                results = items
            case let value? where value.value(at: "data.results") != nil:
                guard case .array(let items)? = value.value(at: "data.results") else { fallthrough }
                results = items
            default:
                input.fail("the file must hold a JSON array or a Marvel envelope with data.results", at: "/results/file")
                return nil
            }
        }
        var attribution = MarvelAttribution.current
        if let value = fields["attribution"] {
            let keys = ["copyright", "attributionText", "attributionHTML"]
            guard case .object(let parts) = value, Set(parts.keys) == Set(keys),
                  case let texts = keys.compactMap({ key in input.string(parts[key], at: "/attribution/\(key)") }),
                  texts.count == 3
            else {
                input.fail("attribution needs copyright, attributionText and attributionHTML", at: "/attribution")
                return nil
            }
            attribution = MarvelAttribution(copyright: texts[0], attributionText: texts[1], attributionHTML: texts[2])
        }
        return .marvel(results: results, attribution: attribution)
    }

    static func failure(_ input: inout PluginInput) -> ResponseRecipe? {
        guard let parts = input.members(input.value, allowed: ["status", "message", "code"]),
              parts["status"] != nil, parts["message"] != nil,
              let status = input.int(parts["status"], at: "/status", in: 400...599),
              let message = input.string(parts["message"], at: "/message")
        else {
            if input.problems.isEmpty { input.fail("marvelError needs status and message (and code for gateway errors)") }
            return nil
        }
        if let code = parts["code"] {
            guard let code = input.string(code, at: "/code") else { return nil }
            return .fixed(.marvelError(status, code: code, message: message))
        }
        return .fixed(.marvelError(status, message))
    }

    static func signing(_ input: inout PluginInput) -> AuthRule? {
        guard let keys = keys(&input) else { return nil }
        return .marvel(publicKey: keys.publicKey, privateKey: keys.privateKey)
    }

    static func sign(_ value: JSONValue, _ query: inout [QueryItem], _ headers: inout [HTTPHeaders.Field]) {
        var input = PluginInput(value: value) { _ in Data() }
        guard let keys = keys(&input) else { return }
        query.removeAll { ["ts", "apikey", "hash"].contains($0.name) }
        query += MarvelSigning.queryItems(timestamp: "1", publicKey: keys.publicKey, privateKey: keys.privateKey)
    }

    private static func keys(_ input: inout PluginInput) -> (publicKey: String, privateKey: String)? {
        guard let parts = input.members(input.value, allowed: ["publicKey", "privateKey"]),
              parts["publicKey"] != nil, parts["privateKey"] != nil,
              let publicKey = input.string(parts["publicKey"], at: "/publicKey"),
              let privateKey = input.string(parts["privateKey"], at: "/privateKey")
        else {
            if input.problems.isEmpty { input.fail("marvel needs publicKey and privateKey") }
            return nil
        }
        return (publicKey, privateKey)
    }
}
