import Foundation
import StubKit

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
final class RouteTable: Sendable {
    let index: RouteIndex
    let slots: [StubSlot]

    init(index: RouteIndex, slots: [StubSlot]) {
        self.index = index
        self.slots = slots
    }

    /// The stubs, in declaration order.
    var stubs: [Stub] { index.stubs }

    /// The indices of the stubs that may match `path`, best first.
    func candidates(for path: String) -> [Int] { index.candidates(for: path) }
}
