import DocumentReader
import Testing

/// Work cut into pieces that threads take as they finish one: every item
/// is done once, and the results come back in the items' order.
@Suite struct ConcurrentlyTests {
    @Test(arguments: [(1, 1, nil), (2, 100, nil), (2, 100, 3), (3, 7, 50), (4, 1000, 1000), (2, 2, nil)] as [(Int, Int, Int?)])
    func piecesCoverEveryItemOnceInOrder(parts: Int, count: Int, pieces: Int?) {
        let items = Array(0..<count)
        let results = Concurrently.runs(of: items, parts: parts, pieces: pieces) { Array($0) }
        #expect(results.flatMap { $0 } == items)
        #expect(results.allSatisfy { !$0.isEmpty })
        #expect(results.count <= max(1, min(count, pieces ?? parts * 4)))
    }
}
