import Foundation
import Locking
package import StubKit

extension Engine {
    /// Applies `edit` to the stub list. A kept stub keeps its prepared slot
    /// and its answer counter; a fresh one is prepared and checked, and keeps
    /// the counter of the stub it replaces when that had the same id, pattern
    /// and limit. A refused edit changes nothing.
    package func change(_ edit: ([Stub]) throws -> [StubListEntry]) throws {
        try serving.withLock { serving in
            let old = serving.table.stubs
            let entries = try edit(old)
            let oldCounts = serving.counts
            var next: [Stub] = []
            next.reserveCapacity(entries.count)
            var counters: [Int: AnswerCounter] = [:] // by position from the end
            func keep(_ previous: Int, at position: Int) {
                if let counter = oldCounts.counter(previous) { counters[entries.count - 1 - position] = counter }
            }
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
                    keep(previous, at: position)
                    reused[position] = serving.table.slots[previous]
                case .fresh(let stub):
                    next.append(stub)
                    if let previous = previous(stub.id), StubValidation.sameShape(old[previous], stub) {
                        keep(previous, at: position)
                        overridable.insert(stub.id)
                    }
                }
            }
            let table = try StubPreparation.table(for: next, fixtures: serving.stubSet.fixtures, overridable: overridable, reusing: reused)
            for (position, slot) in table.slots.enumerated() where slot.counted && counters[entries.count - 1 - position] == nil {
                counters[entries.count - 1 - position] = AnswerCounter()
            }
            serving = Serving(set: StubSet(table: table, fixtures: serving.stubSet.fixtures),
                              counts: AnswerCounts(countersFromEnd: counters, stubCount: entries.count), frontDoor: serving.frontDoor)
        }
    }

    /// Puts `fresh` before the current stubs, the newest first, as
    /// WireMock's admin API adds mappings, when none of their ids is served
    /// yet; returns `false`, changing nothing, when one is, or when there
    /// are more than a few (``change(_:)`` handles both). A refused edit
    /// changes nothing.
    ///
    /// Only the fresh stubs are checked; the current ones keep their slots
    /// and counters. When no request holds the current table (the usual case
    /// between two admin posts: the admin API's own requests take none), its
    /// lists are extended in place, so a post moves the lists and scans the
    /// stubs' priorities but copies, retains and compares no current stub.
    package func prepend(_ fresh: [Stub]) throws -> Bool {
        guard fresh.count <= ShadowingRivals.scanLimit else { return false }
        return try serving.withLock { serving in
            var roster = serving.table.rostered()
            guard !fresh.contains(where: { roster.positionsFromEnd[$0.id] != nil }) else { return false }
            var stubs = serving.table.stubs, slots = serving.table.slots, counters = serving.counts.countersFromEnd
            let (fixtures, door, keptPriority) = (serving.stubSet.fixtures, serving.frontDoor, roster.highestPriority)
            // Drop the current state: lists that no request holds are then ours alone, and grow in place.
            serving = Serving.vacant
            func serve() {
                let table = RouteTable(stubs: stubs, slots: slots, index: nil, roster: roster)
                serving = Serving(set: StubSet(table: table, fixtures: fixtures), counts: AnswerCounts(countersFromEnd: counters, stubCount: stubs.count), frontDoor: door)
            }
            stubs.insert(contentsOf: fresh, at: 0)
            let checked: StubValidation.Checked
            do {
                checked = try StubValidation.check(first: fresh.count, of: stubs, keptPriority: keptPriority ?? .min, fixtures: fixtures)
            } catch {
                stubs.removeFirst(fresh.count)
                serve()
                throw error
            }
            let freshSlots = fresh.indices.map { StubSlot(stub: fresh[$0], resolvedRecipe: checked.resolvedRecipes[$0]) }
            slots.insert(contentsOf: freshSlots, at: 0)
            for (offset, slot) in freshSlots.enumerated() where slot.counted { counters[stubs.count - 1 - offset] = AnswerCounter() }
            roster.put(first: fresh, count: stubs.count)
            serve()
            return true
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
