import Foundation
import Locking
package import StubKit

/// The items of every stateful resource one server serves, by stub: each
/// collection created from its seed when first asked, changed under one
/// lock (concurrent clients see one order), and put back by ``reset()``.
package final class ResourceStore: Sendable {
    /// One collection: its items by id, in creation order, each with a
    /// version that makes its `ETag`, and the next number an id can take.
    struct Collection: Sendable {
        var order: [String] = []
        var items: [String: (value: JSONValue, version: Int)] = [:]
        var nextNumber = 1
        var numericIDs = true
        /// Counts every write, so an item's `ETag` never repeats, also for an
        /// id deleted and created again.
        var writes = 0

        init(_ declaration: ResourceDeclaration) {
            numericIDs = declaration.generatedIDs != .uuids
            for item in declaration.seed {
                guard case .object(let fields) = item, let raw = fields[declaration.idField],
                      let id = ResourceDeclaration.idText(raw) else { continue }
                insert(item, id: id)
                if case .number = raw {} else if declaration.generatedIDs == .automatic { numericIDs = false }
            }
        }

        mutating func insert(_ item: JSONValue, id: String) {
            if items[id] == nil { order.append(id) }
            writes += 1
            items[id] = (item, writes)
            if let number = Int(id), number >= nextNumber { nextNumber = number + 1 }
        }

        mutating func remove(_ id: String) {
            items[id] = nil
            order.removeAll { $0 == id }
        }
    }

    private let collections = Locked<[StubID: Collection]>([:])

    package init() {}

    /// Forgets every change: each collection starts again from its seed.
    package func reset() { collections.withLock { $0.removeAll() } }

    /// Forgets the changes to `stub`'s collection.
    package func reset(_ stub: StubID) { collections.withLock { $0[stub] = nil } }

    /// Makes `declaration`'s seed the items of `stub`'s collection now (the
    /// declared seed comes back at the next reset).
    package func replace(_ stub: StubID, with declaration: ResourceDeclaration) {
        let fresh = Collection(declaration)
        collections.withLock { collections in
            // Versions go on from the old collection's, so no ETag seen before comes back.
            var next = fresh
            let written = collections[stub]?.writes ?? 0
            next.writes += written
            for id in next.order { next.items[id]?.version += written }
            collections[stub] = next
        }
    }

    /// The items of `stub`'s collection now, in order (its seed, before any change).
    package func items(of stub: StubID, _ declaration: ResourceDeclaration) -> [JSONValue] {
        withCollection(stub, declaration) { collection in collection.order.compactMap { collection.items[$0]?.value } }
    }

    /// Runs `change` on `stub`'s collection (made from `declaration`'s seed the first time).
    func withCollection<Result>(_ stub: StubID, _ declaration: ResourceDeclaration, _ change: (inout Collection) -> Result) -> Result {
        // In place: a copy taken out and put back would copy every item, per request.
        collections.withLock { change(&$0[stub, default: Collection(declaration)]) }
    }
}
