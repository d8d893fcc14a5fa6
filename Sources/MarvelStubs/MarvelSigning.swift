public import StubKit
import Foundation
import LegacyDigests

/// Marvel's request signing: `ts`, `apikey` and `hash = md5(ts + privateKey + publicKey)`
/// in lowercase hex, all as query parameters.
public enum MarvelSigning {
    /// The hash a server-side client must send: `md5(ts + privateKey + publicKey)`, lowercase hex.
    ///
    /// Marvel's documented example: `hash(timestamp: "1", privateKey: "abcd", publicKey: "1234")`
    /// is `ffd275c5130566a2916217b101f26150`.
    public static func hash(timestamp: String, privateKey: String, publicKey: String) -> String {
        MD5.hash((timestamp + privateKey + publicKey).utf8).hexString
    }

    /// `ts`, `apikey` and `hash`, in that order, for signing a request by hand.
    public static func queryItems(timestamp: String, publicKey: String, privateKey: String) -> [QueryItem] {
        [QueryItem(name: "ts", value: timestamp), QueryItem(name: "apikey", value: publicKey),
         QueryItem(name: "hash", value: hash(timestamp: timestamp, privateKey: privateKey, publicKey: publicKey))]
    }

    /// The API's verdict on a request's signing parameters, with the exact error it sends:
    ///
    /// 1. no `apikey`: 409 "You must provide a user key.";
    /// 2. an empty or unknown `apikey`: 401 "The passed API key is invalid.";
    /// 3. no `hash`: 409 "You must provide a hash."; no `ts`: 409 "You must provide a timestamp.";
    /// 4. an empty `ts` or a wrong `hash`: 401 "That hash, timestamp and key combination is invalid."
    ///
    /// `keys` maps public keys to private keys. Any non-empty `ts` is accepted (clients
    /// send seconds, milliseconds or fractions).
    public static func check(_ query: [QueryItem], keys: [String: String]) -> MarvelFailure? {
        func first(_ name: String) -> String? {
            guard let item = query.first(where: { $0.name == name }) else { return nil }
            return item.value ?? ""
        }
        guard let publicKey = first("apikey") else { return .missingAPIKey }
        guard !publicKey.isEmpty, let privateKey = keys[publicKey] else { return .invalidAPIKey }
        guard let hash = first("hash") else { return .missingHash }
        guard let timestamp = first("ts") else { return .missingTimestamp }
        guard !timestamp.isEmpty,
              hash == self.hash(timestamp: timestamp, privateKey: privateKey, publicKey: publicKey)
        else { return .invalidSignature }
        return nil
    }
}

extension AuthRule {
    /// Marvel server-side signing with this key pair: `apikey` is `publicKey`,
    /// `ts` is not empty and `hash` is `md5(ts + privateKey + publicKey)`. A
    /// guarded stub answers a request that fails with the real API's exact
    /// 409 or 401 body (see ``MarvelSigning/check(_:keys:)``).
    public static func marvel(publicKey: String, privateKey: String) -> AuthRule {
        marvel(keys: [publicKey: privateKey])
    }

    /// Marvel server-side signing with any of these key pairs (public key → private key).
    public static func marvel(keys: [String: String]) -> AuthRule {
        let names = keys.keys.sorted()
        // One key pair is what a spec file's `marvel:` guard states; more stay in this process.
        let form = keys.count == 1 ? keys.first.map { pair in
            WrittenForm(keyword: "marvel") { ["publicKey": .string(pair.key), "privateKey": .string(pair.value)] }
        } : nil
        return AuthRule("Marvel signature (apikey \(names.joined(separator: ", ")), ts, hash)", form: form,
                        regenerated: [.init(.query, "ts", pattern: "[0-9]+"), .init(.query, "hash", pattern: "[0-9a-f]{32}")]) { request in
            guard let failure = MarvelSigning.check(request.query, keys: keys) else { return nil }
            return Refusal(reason(for: failure, in: request.query, keys: keys), response: .marvelError(failure))
        }
    }

    /// What is wrong, in words, for the failure ``MarvelSigning/check(_:keys:)`` found.
    private static func reason(for failure: MarvelFailure, in query: [QueryItem], keys: [String: String]) -> String {
        func first(_ name: String) -> String { query.first { $0.name == name }.map { $0.value ?? "" } ?? "" }
        let key = first("apikey"), timestamp = first("ts")
        switch failure {
        case .missingAPIKey: return "no apikey parameter"
        case .missingHash: return "no hash parameter"
        case .missingTimestamp: return "no ts parameter"
        case .invalidAPIKey:
            let expected = keys.count == 1 ? CompactJSON.quoted(keys.keys.first!) : "one of " + keys.keys.sorted().map(CompactJSON.quoted).joined(separator: ", ")
            return "apikey: expected \(expected), got \(key.isEmpty ? "an empty value" : Redaction.mask(key))"
        default:
            guard !timestamp.isEmpty else { return "ts is empty" }
            let expected = MarvelSigning.hash(timestamp: timestamp, privateKey: keys[key] ?? "", publicKey: key)
            return "hash: expected md5(ts + privateKey + apikey) = \(expected) for ts \(CompactJSON.quoted(timestamp)), got \(Redaction.mask(first("hash")))"
        }
    }
}
