#if canImport(Testing)
// Swift Testing is not in the static standard library's resources: a
// `swift build -c release --static-swift-stdlib` of every target builds this
// support module without it.
import StubKit
import Synchronization
public import Testing

// Imports both Testing and StubKit on purpose: `SourceLocation` below is
// Testing's, unqualified, which compiles only while no Understudy module
// declares a type of that name.

/// The issues `body` records, captured through `withKnownIssue` so they do
/// not fail the test; the test fails instead when `body` records none.
public func knownIssues(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> [Issue] {
    let captured = Mutex<[Issue]>([])
    try? await withKnownIssue(sourceLocation: sourceLocation) {
        try await body()
    } matching: { issue in
        captured.withLock { $0.append(issue) }
        return true
    }
    return captured.withLock { $0 }
}

extension Issue {
    /// The issue's comment text.
    public var text: String { comments.map(\.rawValue).joined(separator: "\n") }
}
#endif
