import StubKit
import Synchronization

/// The seed of a server started without one (`randomSeed: nil`): the
/// system's generator is asked once a process, and each server after that
/// takes the next value of a SplitMix64 sequence from there. A server per
/// test then makes no `getrandom` call at its start, and no two servers of
/// a process share a seed. (Random delays and generated values need
/// variety, not secrecy.)
enum RandomSeed {
    private static let base = UInt64.random(in: .min ... .max)
    private static let drawn = Atomic<UInt64>(0)

    /// A seed no other server of this process was given.
    static func next() -> UInt64 {
        let index = drawn.add(1, ordering: .relaxed).newValue
        var generator = SplitMix64(seed: base &+ index &* 0x9E37_79B9_7F4A_7C15)
        return generator.next()
    }
}
