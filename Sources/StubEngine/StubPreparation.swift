import Foundation
package import StubKit
import Locking

/// Turns checked stubs into served slots: ``StubValidation`` (StubKit) does
/// the checks and the index; this adds each stub's prepared response.
enum StubPreparation {
    /// The route table for `stubs`; throws ``StubValidationError`` listing
    /// every problem (see ``StubValidation/check(_:fixtures:overridable:resolved:)``).
    /// Slots in `reusing` (by position) are kept as they are: a change that
    /// adds one stub prepares only that one, and does not re-check the others
    /// against what they were already checked against.
    static func table(for stubs: [Stub], fixtures: URL, overridable: Set<StubID> = [], reusing kept: [Int: StubSlot] = [:]) throws -> RouteTable {
        let checked = try StubValidation.check(stubs, fixtures: fixtures, overridable: overridable,
                                               resolved: kept.mapValues(\.resolvedRecipe))
        let slots = stubs.indices.map { kept[$0] ?? StubSlot(stub: stubs[$0], resolvedRecipe: checked.resolvedRecipes[$0]) }
        return RouteTable(index: checked.index, slots: slots)
    }
}

/// The served stubs: their route index and their prepared slots, side by
/// side. A class so that a request takes one reference to the current table.
package final class RouteTable: Sendable {
    let index: RouteIndex
    let slots: [StubSlot]
    /// Each id's first position, built on the first lookup by id (most
    /// tables are never asked), so a change costs nothing more.
    private let positions = Locked<[StubID: Int]?>(nil)

    init(index: RouteIndex, slots: [StubSlot]) {
        self.index = index
        self.slots = slots
    }

    /// The stubs, in declaration order.
    package var stubs: [Stub] { index.stubs }

    /// The first stub named `id`, found through an index, not a scan.
    package func stub(_ id: StubID) -> Stub? {
        let position = positions.withLock { positions in
            if positions == nil {
                var built: [StubID: Int] = [:]
                for (position, stub) in stubs.enumerated() where built[stub.id] == nil { built[stub.id] = position }
                positions = built
            }
            return positions?[id]
        }
        return position.map { stubs[$0] }
    }

    /// The indices of the stubs that may match `path`, best first.
    func candidates(for path: String) -> [Int] { index.candidates(for: path) }
}
