import StubKit

/// Finds the stub that answers a request without looking at unrelated stubs.
///
/// Stubs are indexed by their literal path; the candidates for a path are
/// tried in declaration order and the first whose pattern matches wins.
struct Router: Sendable {
    let slots: [StubSlot]
    private let byPath: [String: [StubSlot]]

    init(_ stubs: [Stub]) {
        let slots = stubs.enumerated().map { StubSlot(index: $0.offset, stub: $0.element) }
        var byPath: [String: [StubSlot]] = [:]
        for slot in slots {
            switch slot.stub.request.path {
            case .literal(let path): byPath[path, default: []].append(slot)
            }
        }
        self.slots = slots
        self.byPath = byPath
    }

    /// The slot of the stub that answers `request`, or `nil`.
    func match(_ request: RecordedRequest) -> StubSlot? {
        byPath[request.path]?.first { $0.stub.request.matches(request) }
    }
}
