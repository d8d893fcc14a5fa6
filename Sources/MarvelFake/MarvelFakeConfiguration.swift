import StubKit

extension MarvelFake {
    /// Keys, call budget and attribution of a fake.
    public struct Configuration: Sendable {
        /// The public key of Marvel's documentation example, `1234`.
        public static let documentationPublicKey = "1234"
        /// The private key of Marvel's documentation example, `abcd`.
        public static let documentationPrivateKey = "abcd"

        /// Accepted key pairs, public key → private key. Defaults to the documentation's
        /// pair, so `/v1/public/comics?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150` works.
        public var keys: [String: String]
        /// Calls allowed before every further call gets 429 `RequestThrottled`; `nil` for
        /// no limit. Calls that pass signing count, including those the budget refuses.
        public var callBudget: Int?
        /// The copyright and attribution texts (the current year by default).
        public var attribution: MarvelAttribution

        /// Creates a configuration.
        public init(
            publicKey: String = documentationPublicKey,
            privateKey: String = documentationPrivateKey,
            callBudget: Int? = nil,
            attribution: MarvelAttribution = .current
        ) {
            self.keys = [publicKey: privateKey]
            self.callBudget = callBudget
            self.attribution = attribution
        }

        /// The public key written into entity URLs: the first in sorted order.
        var primaryPublicKey: String { keys.keys.sorted().first ?? Self.documentationPublicKey }
    }
}
