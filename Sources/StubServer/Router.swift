import StubKit

/// Finds the stub that answers a request without looking at unrelated stubs.
///
/// Stubs are indexed by their literal path; the candidates for a path are
/// tried in declaration order and the first whose pattern matches wins.
struct Router: Sendable {
    let stubs: [Stub]
    private let byPath: [String: [Int]]

    init(_ stubs: [Stub]) {
        self.stubs = stubs
        var byPath: [String: [Int]] = [:]
        for (index, stub) in stubs.enumerated() {
            switch stub.request.path {
            case .literal(let path): byPath[path, default: []].append(index)
            }
        }
        self.byPath = byPath
    }

    /// The index of the stub that answers `request`, or `nil`.
    func match(_ request: RecordedRequest) -> Int? {
        byPath[request.path]?.first { stubs[$0].request.matches(request) }
    }
}
