import Foundation
import Locking
package import StubKit

extension Engine {
    /// Applies `edit` to the stub list. A kept stub keeps its prepared slot
    /// and its answer count; a fresh one is prepared and checked, and keeps
    /// the count of the stub it replaces when that had the same id, pattern
    /// and limit. A refused edit changes nothing.
    package func change(_ edit: ([Stub]) throws -> [StubListEntry]) throws {
        try serving.withLock { serving in
            let old = serving.table.stubs
            let entries = try edit(old)
            let oldCounts = serving.counts.all
            var next: [Stub] = []
            next.reserveCapacity(entries.count)
            var counts = [Int](repeating: 0, count: entries.count)
            var reused = [StubSlot?](repeating: nil, count: entries.count)
            var overridable = Set<StubID>()
            // Where a fresh stub's id was: a scan for a few fresh stubs, an index for many.
            let indexed = entries.count(where: { if case .fresh = $0 { true } else { false } }) > 8
            var oldIndex: [StubID: Int] = [:]
            if indexed {
                for index in old.indices where oldIndex[old[index].id] == nil { oldIndex[old[index].id] = index }
            }
            func previous(_ id: StubID) -> Int? { indexed ? oldIndex[id] : old.firstIndex { $0.id == id } }
            for (position, entry) in entries.enumerated() {
                switch entry {
                case .kept(let previous):
                    next.append(old[previous])
                    counts[position] = oldCounts[previous]
                    reused[position] = serving.table.slots[previous]
                case .fresh(let stub):
                    next.append(stub)
                    if let previous = previous(stub.id), StubValidation.sameShape(old[previous], stub) {
                        counts[position] = oldCounts[previous]
                        overridable.insert(stub.id)
                    }
                }
            }
            let table = try StubPreparation.table(for: next, fixtures: serving.stubSet.fixtures, overridable: overridable, reusing: reused)
            serving = Serving(set: StubSet(table: table, fixtures: serving.stubSet.fixtures),
                              counts: AnswerCounts(counts), frontDoor: serving.frontDoor)
        }
    }

    /// What `request` would meet now: the closest stubs (up to three), each
    /// with its checks, secrets masked by ``redaction``.
    package func report(for request: RecordedRequest) -> UnmatchedRequestReport {
        let serving = self.serving.withLock { $0 }
        return UnmatchedRequestReport(request: request, table: serving.table, counts: serving.counts, scenarios: scenarios)
            .redacted(by: redaction)
    }
}

/// One stub of the list a change makes: a current one kept (by its
/// position now), or a fresh one to prepare. A word each: the fresh stub
/// is boxed, so a list of thousands kept is not thousands of stubs' size.
package enum StubListEntry {
    /// The stub at this position of the current list, kept with its slot and count.
    case kept(Int)
    /// A stub to prepare and check.
    indirect case fresh(Stub)
}
