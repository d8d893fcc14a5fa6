import Synchronization

/// The calls a fake has answered against its budget. Shared by every server started
/// from the same ``MarvelFake``.
public final class CallBudget: Sendable {
    /// The calls allowed, or `nil` for no limit.
    public let limit: Int?
    private let used = Atomic<Int>(0)

    /// Creates a budget.
    public init(limit: Int?) { self.limit = limit }

    /// Calls counted so far (refused ones included).
    public var callsMade: Int { used.load(ordering: .relaxed) }

    /// Starts counting again from zero.
    public func reset() { used.store(0, ordering: .relaxed) }

    /// Counts a call; `false` when it is over the budget.
    func spend() -> Bool {
        let count = used.wrappingAdd(1, ordering: .relaxed).newValue
        return limit.map { count <= $0 } ?? true
    }
}
