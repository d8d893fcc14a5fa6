/// Which parts of a received request are secrets, masked wherever requests are
/// shown: logs, failure messages, unmatched-request reports and their 404 bodies.
///
/// The journal itself keeps requests as they arrived, because assertions
/// such as a signing check need the real `hash`; only what is rendered from it
/// is masked. The default, ``secrets``, masks the `hash` and `apikey` query
/// items (Marvel's signature), the `Authorization` and `Proxy-Authorization`
/// headers, and every cookie (the `Cookie` and `Set-Cookie` headers and each
/// cookie value). ``none`` shows everything, for debugging a signature.
public struct Redaction: Sendable, Hashable, Codable {
    /// Query item names whose values are masked, compared without case.
    public var queryItems: Set<String>
    /// Header names whose values are masked, compared without case.
    public var headers: Set<String>
    /// Whether cookie values are masked.
    public var cookies: Bool

    /// Masks the values of `queryItems`, `headers` and, when `cookies`, every cookie.
    public init(queryItems: Set<String>, headers: Set<String>, cookies: Bool) {
        self.queryItems = Set(queryItems.map { $0.lowercased() })
        self.headers = Set(headers.map { $0.lowercased() })
        self.cookies = cookies
    }

    /// Marvel's `hash` and `apikey`, `Authorization`, `Proxy-Authorization` and cookies.
    public static let secrets = Redaction(
        queryItems: ["hash", "apikey"],
        headers: ["authorization", "proxy-authorization", "cookie", "set-cookie"],
        cookies: true
    )

    /// Nothing is masked.
    public static let none = Redaction(queryItems: [], headers: [], cookies: false)

    /// Whether the query item `name` is masked.
    public func masksQueryItem(_ name: String) -> Bool { !queryItems.isEmpty && queryItems.contains(name.lowercased()) }

    /// Whether the header `name` is masked.
    public func masksHeader(_ name: String) -> Bool { !headers.isEmpty && headers.contains(name.lowercased()) }

    /// What a masked value is shown as: `[redacted]`, or for a value of 16
    /// characters or more `[redacted …1a2b]`, its last four, enough to tell
    /// two signatures apart without revealing either.
    public static func mask(_ value: String) -> String {
        guard !value.isEmpty, value != "(absent)" else { return value }
        return value.count >= 16 ? "[redacted …\(value.suffix(4))]" : "[redacted]"
    }

    /// `target` with the values of masked query items replaced.
    public func target(_ target: String) -> String {
        guard !queryItems.isEmpty, let question = target.firstIndex(of: "?") else { return target }
        let items = target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            let decoded = name.percentDecoded(plusAsSpace: true) ?? String(name)
            return masksQueryItem(decoded) ? "\(name)=\(Self.mask(String(item[item.index(after: equals)...])))" : String(item)
        }
        return String(target[...question]) + items.joined(separator: "&")
    }

    /// `value` masked when the header `name` is.
    public func header(_ name: String, _ value: String) -> String { masksHeader(name) ? Self.mask(value) : value }

    /// `check` with what arrived masked when its field is a masked query
    /// item, header or cookie. What the stub expects is the author's own
    /// declaration and stays as written.
    public func check(_ check: FieldCheck) -> FieldCheck {
        guard masks(field: check.field) else { return check }
        var masked = check
        let actual = check.actual
        let quoted = actual.count >= 2 && actual.hasPrefix("\"") && actual.hasSuffix("\"")
        masked.actual = Self.mask(quoted ? String(actual.dropFirst().dropLast()) : actual)
        return masked
    }

    /// Whether a ``FieldCheck/field`` (`query hash`, `header Authorization`, `cookie id`) is masked.
    public func masks(field: String) -> Bool {
        guard let space = field.firstIndex(of: " ") else { return false }
        let name = String(field[field.index(after: space)...])
        switch field[..<space] {
        case "query": return masksQueryItem(name)
        case "header": return masksHeader(name)
        case "cookie": return cookies
        default: return false
        }
    }
}
