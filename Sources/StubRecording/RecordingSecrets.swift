import StubKit
import Foundation

/// The credentials a recording saw: values to search the output for, and the
/// placeholders stable ones are written as.
struct RecordingSecrets {
    let rules: RecordingRules
    /// The plug-in whose signing the session used (Marvel's `apikey`, `ts`,
    /// `hash`), found on the first signed request; the presets to look for.
    private(set) var signing: StubPlugin.RecordingPreset?
    private let presets: [StubPlugin.RecordingPreset]
    /// Every value seen in a redacted position, in the order first seen.
    private(set) var all: [SecretValue] = []
    /// Placeholder variables and what each stands for.
    private(set) var variables: [String: String] = [:]
    /// A placeholder's value → `${VARIABLE}`.
    private var tokens: [String: String] = [:]
    private var seen: Set<String> = []

    init(rules: RecordingRules, presets: [StubPlugin.RecordingPreset] = StubPlugins.all.compactMap(\.recording)) {
        self.rules = rules
        self.presets = presets
    }

    /// Notes every credential in `exchange`'s request, and the cookies and
    /// tokens its response hands out.
    mutating func collect(from exchange: RecordedExchange) {
        let request = exchange.request
        let at = "\(request.method) \(request.path)"
        if let preset = signing ?? presets.first(where: { $0.isSigned(request) }), preset.isSigned(request) {
            if signing == nil, !rules.keepsValuesForReplay {
                variables[preset.secretVariable.name] = preset.secretVariable.meaning
            }
            signing = preset
            let parameter = preset.keyParameter
            if let key = request.queryValue(parameter) ?? request.query.first(where: { $0.name.lowercased() == parameter.lowercased() })?.value {
                placeholder(key, preset.keyVariable.name, preset.keyVariable.meaning, at: "query \(parameter) of \(at)")
            }
        }
        collect(items: request.query, kind: "query parameter", at: "of \(at)")
        for field in request.headers.fields {
            let name = field.name.lowercased()
            if rules.droppedHeaders.contains(name) {
                secret(field.value, at: "header \(field.name) of \(at)")
                // `Bearer TOKEN`, `Basic …`: the credential alone may be echoed elsewhere.
                if let space = field.value.firstIndex(of: " ") { secret(String(field.value[space...].dropFirst()), at: "header \(field.name) of \(at)") }
                if name == "cookie" { cookieValues(field.value).forEach { secret($0, at: "cookie of \(at)") } }
            } else if let variable = rules.placeholder(for: name) {
                placeholder(field.value, variable, "the header \(field.name)", at: "header \(field.name) of \(at)")
            }
        }
        collect(body: request.body, contentType: request.headers["Content-Type"], at: "request body of \(at)")
        for field in exchange.response.headers.fields where field.name.lowercased() == "set-cookie" {
            cookieValues(String(field.value.split(separator: ";").first ?? "")).forEach { secret($0, at: "Set-Cookie answering \(at)") }
        }
        collect(body: exchange.response.body, contentType: exchange.response.headers["Content-Type"], at: "response body of \(at)")
    }

    /// Placeholder-named members of a JSON body, and of a form body.
    private mutating func collect(body: Data, contentType: String?, at: String) {
        guard !body.isEmpty else { return }
        if let value = JSONValue(data: body) {
            collect(json: value, at: at)
        } else if contentType?.lowercased().contains("x-www-form-urlencoded") == true, let text = String(data: body, encoding: .utf8) {
            collect(items: QueryItem.parse(Substring(text)), kind: "form field", at: "in \(at)")
        }
    }

    /// Query parameters or form fields: dropped names are secrets, placeholder names get their variable.
    private mutating func collect(items: [QueryItem], kind: String, at: String) {
        for item in items {
            guard let value = item.value else { continue }
            let name = item.name.lowercased()
            if rules.droppedQuery.contains(name) {
                secret(value, at: "\(kind) \(item.name) \(at)")
            } else if let variable = rules.placeholder(for: name) {
                placeholder(value, variable, "the \(kind) \(item.name)", at: "\(kind) \(item.name) \(at)")
            }
        }
    }

    private mutating func collect(json value: JSONValue, at: String) {
        switch value {
        case .object(let members):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if case .string(let text) = member, let variable = rules.placeholder(for: name) {
                    placeholder(text, variable, "the JSON member \(name)", at: "\(name) in \(at)")
                } else {
                    collect(json: member, at: at)
                }
            }
        case .array(let items):
            items.forEach { collect(json: $0, at: at) }
        default:
            break
        }
    }

    /// `a=1; b=2` → `["1", "2"]`.
    private func cookieValues(_ header: String) -> [String] {
        header.split(separator: ";").compactMap { pair in
            pair.firstIndex(of: "=").map { String(pair[pair.index(after: $0)...]).trimmingCharacters(in: .whitespaces) }
        }
    }

    private mutating func secret(_ value: String, at: String) {
        guard !value.isEmpty, seen.insert(value).inserted else { return }
        all.append(SecretValue(value, seenAt: at))
    }

    private mutating func placeholder(_ value: String, _ variable: String, _ what: String, at: String) {
        guard !value.isEmpty, tokens[value] == nil else { return }
        guard !rules.keepsValuesForReplay else { return secret(value, at: at) }
        var name = variable, number = 2
        while variables[name] != nil {
            name = "\(variable)_\(number)"
            number += 1
        }
        variables[name] = what
        tokens[value] = "${\(name)}"
        secret(value, at: at)
    }

    // MARK: Hiding

    /// `text` with every placeholder value replaced by its `${VARIABLE}`:
    /// the whole text when it is one, else each occurrence of a value long
    /// enough not to occur by chance (longest first).
    func hidden(_ text: String) -> String {
        if let token = tokens[text] { return token }
        var out = text
        for (value, token) in tokens.sorted(by: { $0.key.count > $1.key.count }) where value.count >= SecretValue.shortestScanned {
            if out.contains(value) { out = out.replacingOccurrences(of: value, with: token) }
        }
        return out
    }

    /// Every string (and member name) in `value` hidden.
    func hidden(in value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(hidden(text))
        case .array(let items): return .array(items.map(hidden(in:)))
        case .object(let members): return .object(Dictionary(members.map { (hidden($0.key), hidden(in: $0.value)) }, uniquingKeysWith: { first, _ in first }))
        default: return value
        }
    }

    /// The mark a dropped credential echoed in an answer is replaced by.
    static let mask = "[redacted]"

    /// `text` (an answer) with every dropped credential long enough not to
    /// occur by chance replaced by ``mask``: an API that echoes the signed
    /// URL (Marvel's 404 does) is recorded without the signature.
    func masked(_ text: String) -> String {
        var out = text
        for secret in all where secret.value.count >= SecretValue.shortestScanned && tokens[secret.value] == nil {
            if out.contains(secret.value) { out = out.replacingOccurrences(of: secret.value, with: Self.mask) }
        }
        return out
    }
}
