/// How a request must be authenticated, checked after the fact against
/// recorded requests (`expectSigned`, contract checks) with an explanation of
/// what is wrong. Secrets never appear in explanations: tokens are masked and
/// private keys are only named.
public struct SignatureRequirement: Sendable, CustomStringConvertible {
    /// What the requirement asks for, e.g. `Marvel signature (apikey 1234, ts, hash)`.
    public let description: String
    private let explain: @Sendable (RecordedRequest) -> String?

    /// Creates a requirement; `problem` returns why a request fails it, or `nil` when it passes.
    public init(_ description: String, problem: @escaping @Sendable (RecordedRequest) -> String?) {
        self.description = description
        self.explain = problem
    }

    /// Why `request` fails the requirement, or `nil` when it passes.
    public func problem(with request: RecordedRequest) -> String? { explain(request) }

    /// Marvel server-side signing: `apikey` is `publicKey`, `ts` is not empty and
    /// `hash` is `md5(ts + privateKey + publicKey)`.
    public static func marvel(publicKey: String, privateKey: String) -> SignatureRequirement {
        SignatureRequirement("Marvel signature (apikey \(publicKey), ts, hash)") { request in
            func first(_ name: String) -> String? {
                request.query.first { $0.name == name }.map { $0.value ?? "" }
            }
            guard let key = first("apikey") else { return "no apikey parameter" }
            guard key == publicKey else { return "apikey: expected \(quoted(publicKey)), got \(Redaction.mask(key))" }
            guard let timestamp = first("ts") else { return "no ts parameter" }
            guard !timestamp.isEmpty else { return "ts is empty" }
            guard let hash = first("hash") else { return "no hash parameter" }
            let expected = MarvelSigning.hash(timestamp: timestamp, privateKey: privateKey, publicKey: publicKey)
            guard hash == expected else {
                return "hash: expected md5(ts + privateKey + apikey) = \(expected) for ts \(quoted(timestamp)), got \(Redaction.mask(hash))"
            }
            return nil
        }
    }

    /// `Authorization: Bearer <token>`.
    public static func bearer(_ token: String) -> SignatureRequirement {
        SignatureRequirement("Authorization: Bearer \(masked(token))") { request in
            let values = request.headers.values(for: "Authorization")
            guard let value = values.first else { return "no Authorization header" }
            guard values.count == 1 else { return "\(values.count) Authorization headers" }
            guard value.hasPrefix("Bearer ") else { return "Authorization: expected Bearer \(masked(token)), got \(masked(value))" }
            let sent = String(value.dropFirst("Bearer ".count))
            return sent == token ? nil : "Authorization: expected Bearer \(masked(token)), got Bearer \(masked(sent))"
        }
    }

    /// The header `name` equals `value`.
    public static func apiKey(header name: String, value: String) -> SignatureRequirement {
        SignatureRequirement("\(name): \(masked(value))") { request in
            guard let sent = request.headers[name] else { return "no \(name) header" }
            return sent == value ? nil : "\(name): expected \(masked(value)), got \(masked(sent))"
        }
    }

    /// The query parameter `name` equals `value`.
    public static func apiKey(query name: String, value: String) -> SignatureRequirement {
        SignatureRequirement("query \(name)=\(masked(value))") { request in
            guard let sent = request.queryValue(name) else { return "no \(name) query parameter" }
            return sent == value ? nil : "query \(name): expected \(masked(value)), got \(masked(sent))"
        }
    }

    /// The first four characters of a secret, then `…` and its length, so a
    /// report can tell two secrets apart without showing either.
    static func masked(_ secret: String) -> String {
        secret.count <= 4 ? String(repeating: "•", count: secret.count) : "\(secret.prefix(4))…(\(secret.count) characters)"
    }
}
