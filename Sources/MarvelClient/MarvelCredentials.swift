import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import LegacyDigests

/// How a client proves who it is.
public enum MarvelCredentials: Sendable, Hashable {
    /// Server-side apps: `ts`, `apikey` and `hash = md5(ts + privateKey + publicKey)`.
    case serverSide(publicKey: String, privateKey: String)
    /// Client-side apps: `apikey` only; Marvel checks the `Referer` against the
    /// account's whitelist, so a referer is sent when given.
    case clientSide(publicKey: String, referer: String?)

    /// The public key.
    public var publicKey: String {
        switch self {
        case .serverSide(let key, _), .clientSide(let key, _): key
        }
    }
}

/// Adds Marvel's authentication to requests. The timestamp comes from `clock`, so
/// tests can make it fixed.
public struct MarvelSigner: Sendable {
    /// The credentials.
    public var credentials: MarvelCredentials
    /// The `ts` to send; Unix milliseconds by default.
    public var timestamp: @Sendable () -> String

    /// Creates a signer; `timestamp` defaults to the current Unix time in milliseconds.
    public init(_ credentials: MarvelCredentials, timestamp: @escaping @Sendable () -> String = MarvelSigner.unixMilliseconds) {
        self.credentials = credentials
        self.timestamp = timestamp
    }

    /// The current Unix time in milliseconds, as Karumi's client sends it.
    public static let unixMilliseconds: @Sendable () -> String = { String(Int64(Date().timeIntervalSince1970 * 1000)) }

    /// `md5(ts + privateKey + publicKey)` in lowercase hex.
    public static func hash(timestamp: String, privateKey: String, publicKey: String) -> String {
        MD5.hash((timestamp + privateKey + publicKey).utf8).hexString
    }

    /// The query items to add (`ts`, `apikey`, `hash`, or just `apikey`).
    public func queryItems() -> [(name: String, value: String?)] {
        switch credentials {
        case .serverSide(let publicKey, let privateKey):
            let ts = timestamp()
            return [("ts", ts), ("apikey", publicKey), ("hash", Self.hash(timestamp: ts, privateKey: privateKey, publicKey: publicKey))]
        case .clientSide(let publicKey, _):
            return [("apikey", publicKey)]
        }
    }

    /// Signs `request` in place: query items, and `Referer` in client-side mode.
    public func sign(_ request: inout URLRequest) {
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return }
        let added = queryItems().map { URLQueryItem(name: $0.name, value: $0.value) }
        let names = Set(added.map(\.name))
        components.queryItems = (components.queryItems ?? []).filter { !names.contains($0.name) } + added
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        request.url = components.url
        if case .clientSide(_, let referer?) = credentials { request.setValue(referer, forHTTPHeaderField: "Referer") }
    }
}
