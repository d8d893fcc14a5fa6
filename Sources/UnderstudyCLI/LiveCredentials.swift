package import StubSpec
import StubKit

/// Credentials for the live server `verify` replays examples against, where
/// they differ from the spec's (a real API key instead of the test one).
/// Never printed.
package struct LiveCredentials: Sendable {
    /// Replaces the token of every bearer guard.
    package var bearer: String?
    /// Replaces the value of every API-key guard (its header stays).
    package var apiKey: String?
    /// Replaces the public key of every Marvel guard.
    package var publicKey: String?
    /// Replaces the private key of every Marvel guard.
    package var privateKey: String?

    /// Creates credentials; `nil` keeps the spec's.
    package init(bearer: String? = nil, apiKey: String? = nil, publicKey: String? = nil, privateKey: String? = nil) {
        self.bearer = bearer
        self.apiKey = apiKey
        self.publicKey = publicKey
        self.privateKey = privateKey
    }

    /// What to send the live server for a stub whose guard asks for `spec`.
    package func replacing(_ spec: ExampleCredentials) -> ExampleCredentials {
        switch spec {
        case .named(let keyword, let value):
            // A signing guard's key pair (Marvel's publicKey and privateKey) is replaced where it has one.
            guard case .object(var fields) = value else { return spec }
            if let publicKey, fields["publicKey"] != nil { fields["publicKey"] = JSONValue.string(publicKey) }
            if let privateKey, fields["privateKey"] != nil { fields["privateKey"] = JSONValue.string(privateKey) }
            return .named(keyword: keyword, value: .object(fields))
        case .bearer(let token):
            return .bearer(bearer ?? token)
        case .apiKey(let header, let value):
            return .apiKey(header: header, value: apiKey ?? value)
        case .apiKeyQuery(let name, let value):
            return .apiKeyQuery(name: name, value: apiKey ?? value)
        }
    }
}
