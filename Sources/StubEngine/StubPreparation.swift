import Foundation
package import StubKit
import Locking

/// Turns checked stubs into served slots: ``StubValidation`` (StubKit) does
/// the checks and the index; this adds each stub's prepared response.
enum StubPreparation {
    /// The route table for `stubs`; throws ``StubValidationError`` listing
    /// every problem (see ``StubValidation/check(_:fixtures:overridable:alreadyChecked:)``).
    /// Slots in `reusing` (by position; empty, or one entry per stub) are
    /// kept as they are: a change that adds one stub prepares only that one,
    /// and does not re-check the others against what they were already
    /// checked against.
    static func table(for stubs: [Stub], fixtures: URL, overridable: Set<StubID> = [], reusing kept: [StubSlot?] = []) throws -> RouteTable {
        let checked = try StubValidation.check(stubs, fixtures: fixtures, overridable: overridable,
                                               alreadyChecked: kept.map { $0 != nil })
        let slots = stubs.indices.map { (kept.isEmpty ? nil : kept[$0]) ?? StubSlot(stub: stubs[$0], resolvedRecipe: checked.resolvedRecipes[$0]) }
        return RouteTable(stubs: stubs, slots: slots, index: checked.index)
    }
}

/// The served stubs: their prepared slots and their route index, side by
/// side. A class so that a request takes one reference to the current table.
///
/// A change of a few stubs checks them by scanning for their rivals and
/// builds no index: the engine builds it for the first request that needs
/// one (``Engine``'s serving state takes the indexed table), so a run of
/// changes with no request between them, such as thousands of mappings
/// posted one at a time to the admin API, builds no index each.
package final class RouteTable: Sendable {
    /// The stubs, in declaration order.
    package let stubs: [Stub]
    let slots: [StubSlot]
    /// The route index; `nil` until a request needs it (see ``indexed()``).
    let index: RouteIndex?
    /// What a change or a lookup by id asks of the whole list, built on
    /// first use (most tables are never asked), so a change costs nothing
    /// more; ``Engine/prepend(_:)`` carries it to the next table.
    private let roster: Locked<StubRoster?>

    init(stubs: [Stub], slots: [StubSlot], index: RouteIndex?, roster: StubRoster? = nil) {
        self.stubs = stubs
        self.slots = slots
        self.index = index
        self.roster = Locked(roster)
    }

    /// This table with its route index built; itself when it has one.
    func indexed() -> RouteTable {
        index == nil ? RouteTable(stubs: stubs, slots: slots, index: RouteIndex(stubs: stubs), roster: roster.withLock { $0 }) : self
    }

    /// The first stub named `id`, found through an index, not a scan.
    package func stub(_ id: StubID) -> Stub? {
        rostered().positionsFromEnd[id].map { stubs[stubs.count - 1 - $0] }
    }

    /// The table's roster, built once.
    func rostered() -> StubRoster {
        roster.withLock { roster in
            if let roster { return roster }
            let built = StubRoster(stubs)
            roster = built
            return built
        }
    }

    /// The indices of the stubs that may match `path`, best first. The
    /// engine asks an indexed table (``indexed()``); an unindexed one
    /// indexes its stubs for this one call.
    func candidates(for path: String) -> [Int] { (index ?? RouteIndex(stubs: stubs)).candidates(for: path) }
}

/// A stub table's ids and priorities, as a change or a lookup by id needs
/// them, counted so that stubs put first leave every entry as it was.
struct StubRoster: Sendable {
    /// Each id's position counted from the end (the last stub is 0); the
    /// first stub's when ids repeat (a checked table has none that do).
    private(set) var positionsFromEnd: [StubID: Int]
    /// The highest priority of any stub; `nil` when there are none.
    private(set) var highestPriority: Int?

    init(_ stubs: [Stub]) {
        positionsFromEnd = Dictionary(minimumCapacity: stubs.count)
        for (position, stub) in stubs.enumerated() where positionsFromEnd[stub.id] == nil {
            positionsFromEnd[stub.id] = stubs.count - 1 - position
        }
        highestPriority = stubs.lazy.map(\.priority).max()
    }

    /// Notes `fresh`, put first in a list now `count` long.
    mutating func put(first fresh: [Stub], count: Int) {
        for (offset, stub) in fresh.enumerated() { positionsFromEnd[stub.id] = count - 1 - offset }
        highestPriority = max(highestPriority ?? .min, fresh.lazy.map(\.priority).max() ?? .min)
    }
}
