import Synchronization

/// How many requests each stub of one server answered: what `times` limits
/// and sequences count. One per running server, so servers started from the
/// same ``StubSet`` never share counts.
///
/// Each counted stub has a counter of its own, which every version of the
/// stub list that keeps the stub shares: a request that matched before a
/// change and counts its answer after it counts in the new list too, so a
/// `times(1)` stub never answers twice around a change.
///
/// Only counted stubs have one, keyed by position counted from the end (the
/// last stub is 0): a server of thousands of stubs none of which is counted
/// starts with an empty table, and stubs put first move no key.
final class AnswerCounts: Sendable {
    /// Each counted stub's counter (a `times` limit or a sequence), by its
    /// position counted from the end.
    let countersFromEnd: [Int: AnswerCounter]
    /// How many stubs the list has.
    let stubCount: Int

    /// Counts for the stubs of `set`, none answered yet: a counter for each
    /// counted stub, at the positions the set found once.
    convenience init(set: StubSet) {
        let slots = set.table.slots
        var counters: [Int: AnswerCounter] = [:]
        for position in set.countedPositions ?? slots.indices.filter({ slots[$0].counted }) {
            counters[slots.count - 1 - position] = AnswerCounter()
        }
        self.init(countersFromEnd: counters, stubCount: slots.count)
    }

    /// Counts kept in `countersFromEnd`, for a list of `stubCount` stubs.
    init(countersFromEnd: [Int: AnswerCounter], stubCount: Int) {
        self.countersFromEnd = countersFromEnd
        self.stubCount = stubCount
    }

    /// The counter of stub `index`, when its answers are counted.
    func counter(_ index: Int) -> AnswerCounter? {
        countersFromEnd.isEmpty ? nil : countersFromEnd[stubCount - 1 - index]
    }

    /// Every stub's count.
    var all: [Int] { (0..<stubCount).map(count) }

    /// Counts one answer of stub `index` if `limit` allows it and returns the
    /// 0-based number of this answer; `nil` when the stub is used up.
    func claim(_ index: Int, limit: Int?) -> Int? {
        guard let counter = counter(index) else { return 0 }
        return counter.claim(limit: limit)
    }

    /// How many requests stub `index` answered.
    func count(_ index: Int) -> Int { counter(index)?.answered ?? 0 }
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
