import Synchronization

/// How many requests each stub of one server answered: what `times` limits
/// and sequences count. One per running server, so servers started from the
/// same ``StubSet`` never share counts.
///
/// Each counted stub has a counter of its own, which every version of the
/// stub list that keeps the stub shares: a request that matched before a
/// change and counts its answer after it counts in the new list too, so a
/// `times(1)` stub never answers twice around a change.
final class AnswerCounts: Sendable {
    /// By position: each counted stub's counter (a `times` limit or a
    /// sequence); `nil` for a stub whose answers are not counted.
    let counters: [AnswerCounter?]

    /// Counts for the stubs of `slots`, none answered yet.
    convenience init(slots: [StubSlot]) {
        self.init(counters: slots.map { $0.counted ? AnswerCounter() : nil })
    }

    /// Counts kept in `counters`, one per stub.
    init(counters: [AnswerCounter?]) {
        self.counters = counters
    }

    /// Every stub's count.
    var all: [Int] { counters.map { $0?.answered ?? 0 } }

    /// Counts one answer of stub `index` if `limit` allows it and returns the
    /// 0-based number of this answer; `nil` when the stub is used up.
    func claim(_ index: Int, limit: Int?) -> Int? {
        guard let counter = counters[index] else { return 0 }
        return counter.claim(limit: limit)
    }

    /// How many requests stub `index` answered.
    func count(_ index: Int) -> Int { counters[index]?.answered ?? 0 }
}

/// One counted stub's answers so far.
final class AnswerCounter: Sendable {
    private let count = Atomic(0)

    /// How many requests the stub answered.
    var answered: Int { count.load(ordering: .relaxed) }

    /// Counts one answer if `limit` allows it and returns its 0-based
    /// number; `nil` when the stub is used up.
    func claim(limit: Int?) -> Int? {
        var answered = count.load(ordering: .relaxed)
        while true {
            if let limit, answered >= limit { return nil }
            let (exchanged, found) = count.compareExchange(expected: answered, desired: answered + 1, ordering: .relaxed)
            if exchanged { return answered }
            answered = found
        }
    }
}
