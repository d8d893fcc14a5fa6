public import StubKit

/// Routes a server answers before any stub, under one path prefix, without
/// recording them in the journal: the admin API (`/__admin`), say.
///
/// The handler gets each request under ``prefix`` and answers through
/// `reply`, now or later (a long poll); the connection holds no thread while
/// it waits.
public struct FrontDoor: Sendable {
    /// The path prefix this door answers (`/__admin`); `/__admin` itself and
    /// everything under `/__admin/`.
    public var prefix: String
    /// Answers one request, calling `reply` exactly once, from any thread.
    public var handle: @Sendable (_ request: RecordedRequest, _ reply: @escaping @Sendable (StubResponse) -> Void) -> Void

    /// Creates a door for `prefix`.
    public init(prefix: String, handle: @escaping @Sendable (RecordedRequest, @escaping @Sendable (StubResponse) -> Void) -> Void) {
        self.prefix = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        self.handle = handle
    }

    /// Whether `path` is this door's.
    public func opens(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }
}
