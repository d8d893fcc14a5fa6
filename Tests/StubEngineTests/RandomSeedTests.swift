@testable import StubEngine
import Testing

/// The seed a server takes when it is given none.
@Suite struct RandomSeedTests {
    /// Servers started without a seed in one process each get their own.
    @Test func seedsDrawnInOneProcessDiffer() {
        let seeds = (0..<10_000).map { _ in RandomSeed.next() }
        #expect(Set(seeds).count == seeds.count)
    }
}
