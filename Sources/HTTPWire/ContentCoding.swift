/// An HTTP content coding Understudy can apply and remove: `gzip` (RFC 1952)
/// and `deflate` (the zlib format, RFC 1950; raw deflate, which some clients
/// send under that name, is read too). The names live here, with no C; the
/// bytes are zlib's, in HTTPCoding, which a transport hands the engine as a
/// ``ContentCodec``.
public enum ContentCoding: String, Sendable, Hashable, CaseIterable {
    /// `gzip`.
    case gzip
    /// `deflate`.
    case deflate

    /// Why coded bytes could not be decoded.
    public struct DecodingError: Error, Sendable, CustomStringConvertible {
        /// What was wrong.
        public let description: String

        /// An error that says `description`.
        public init(description: String) { self.description = description }
    }

    /// The coding named by a `Content-Encoding` value (`gzip`, `x-gzip`,
    /// `deflate`, any case), or `nil` for one MicroHTTP cannot decode.
    public init?(name: some StringProtocol) {
        switch name.lowercased() {
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        default: return nil
        }
    }
}

/// How content codings are applied and removed, handed to the engine by the
/// transport that links a codec: ``ContentCodec/zlib`` (HTTPCoding) on the
/// socket. An engine with none sends every body as declared, as to a client
/// that accepts no coding, so the engine itself links no C.
public struct ContentCodec: Sendable {
    /// `bytes` in `coding`.
    public let encode: @Sendable (ContentCoding, [UInt8]) -> [UInt8]
    /// The bytes `coded` holds in `coding`.
    public let decode: @Sendable (ContentCoding, [UInt8]) throws(ContentCoding.DecodingError) -> [UInt8]

    /// A codec of these two functions.
    public init(encode: @escaping @Sendable (ContentCoding, [UInt8]) -> [UInt8],
                decode: @escaping @Sendable (ContentCoding, [UInt8]) throws(ContentCoding.DecodingError) -> [UInt8]) {
        self.encode = encode
        self.decode = decode
    }
}
