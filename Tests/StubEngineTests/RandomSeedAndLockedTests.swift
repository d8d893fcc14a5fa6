import Locking
@testable import StubEngine
import Synchronization
import Testing

/// The seed a server takes when given none, and the lock every engine's
/// state sits behind.
@Suite struct RandomSeedAndLockedTests {
    /// Servers started without a seed in one process each get their own.
    @Test func seedsDrawnInOneProcessDiffer() {
        let seeds = (0..<10_000).map { _ in RandomSeed.next() }
        #expect(Set(seeds).count == seeds.count)
    }

    /// A copy of a `Locked` reaches the same value: it is shared, not copied.
    @Test func copiesShareOneValue() {
        let counter = Locked(0)
        let copy = counter
        copy.withLock { $0 += 2 }
        counter.withLock { $0 += 3 }
        #expect(copy.withLock { $0 } == 5)
    }

    /// The value is released with the last reference to its lock.
    @Test func theValueIsReleasedWithTheLock() {
        final class Tally: Sendable {
            let released = Atomic<Int>(0)
        }
        final class Watched: Sendable {
            let tally: Tally
            init(_ tally: Tally) { self.tally = tally }
            deinit { tally.released.add(1, ordering: .relaxed) }
        }
        let tally = Tally()
        do {
            let box = Locked([Watched(tally)])
            box.withLock { $0.append(Watched(tally)) }
            #expect(tally.released.load(ordering: .relaxed) == 0)
        }
        #expect(tally.released.load(ordering: .relaxed) == 2)
    }
}
