import Synchronization

/// Names a stub, for replacing or removing it on a running server.
public struct StubID: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public var rawValue: String

    /// Creates an id from a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Creates an id from a literal name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A fresh id from a source location: `File.swift:12#3`. Stubs declared in a
    /// loop share a location but not an id.
    static func unique(at location: CodeLocation) -> StubID {
        StubID("\(location.fileID):\(location.line)#\(counter.add(1, ordering: .relaxed).newValue)")
    }

    private static let counter = Atomic<Int>(0)

    /// The name.
    public var description: String { rawValue }
}
