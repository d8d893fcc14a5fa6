import Foundation

/// Whether one stub's answers are compressed, overriding the server's
/// ``CompressionPolicy``.
public enum ResponseCompression: String, Sendable, Hashable, CaseIterable {
    /// Compressed (gzip, else deflate) whenever the request's
    /// `Accept-Encoding` allows it, whatever the size and the server's policy.
    case compressed
    /// Never compressed.
    case identity
}

/// A server's response compression: answers whose body is at least
/// ``minimumBytes`` long and of a compressible type (text, JSON, XML,
/// JavaScript) are sent with `Content-Encoding: gzip` (or `deflate`) when the
/// request's `Accept-Encoding` allows it, with `Vary: Accept-Encoding` and a
/// weak `ETag` (the compressed bytes are another representation of the same
/// resource). A stub may override it with ``Stub/compression(_:)``.
public struct CompressionPolicy: Sendable, Hashable {
    /// The smallest body compressed; smaller ones gain nothing.
    public var minimumBytes: Int

    /// Creates a policy.
    public init(minimumBytes: Int = 1024) {
        self.minimumBytes = minimumBytes
    }

    /// Whether a body of `contentType` is worth compressing: text, JSON, XML,
    /// JavaScript, form data; not images, archives or already-compressed data.
    public static func isCompressible(contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              !type.isEmpty
        else { return false }
        return type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("+xml")
            || ["application/json", "application/xml", "application/javascript", "application/x-www-form-urlencoded",
                "application/graphql", "image/svg+xml"].contains(type)
    }
}
