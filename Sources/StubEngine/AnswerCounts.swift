import Locking

/// How many requests each stub of one server answered: what `times` limits
/// and sequences count. One per running server, so servers started from the
/// same ``StubSet`` never share counts.
final class AnswerCounts: Sendable {
    private let counts: Locked<[Int]>

    /// Counts for `count` stubs, none answered yet.
    convenience init(count: Int) {
        self.init([Int](repeating: 0, count: count))
    }

    /// Counts starting from `counts`, one per stub.
    init(_ counts: [Int]) {
        self.counts = Locked(counts)
    }

    /// Every stub's count at once, read under one lock.
    var all: [Int] { counts.withLock { $0 } }

    /// Counts one answer of stub `index` if `limit` allows it and returns the
    /// 0-based number of this answer; `nil` when the stub is used up.
    func claim(_ index: Int, limit: Int?) -> Int? {
        counts.withLock { counts in
            let answered = counts[index]
            if let limit, answered >= limit { return nil }
            counts[index] = answered + 1
            return answered
        }
    }

    /// How many requests stub `index` answered.
    func count(_ index: Int) -> Int { counts.withLock { $0[index] } }
}
