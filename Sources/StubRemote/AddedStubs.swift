import Locking
import StubKit

/// The stubs a ``RemoteStubServer`` handle added and has not removed, by id
/// in the order added (a stub added again with the same id takes the first
/// one's place, as on the server). A class, so the handle's copies share it.
final class AddedStubs: Sendable {
    private let added = Locked<[Stub]>([])

    var stubs: [Stub] { added.withLock { $0 } }

    func add(_ stubs: [Stub]) {
        added.withLock { added in
            for stub in stubs {
                if let index = added.firstIndex(where: { $0.id == stub.id }) { added[index] = stub } else { added.append(stub) }
            }
        }
    }

    func replace(_ stub: Stub) { add([stub]) }

    func remove(_ id: StubID) { added.withLock { $0.removeAll { $0.id == id } } }

    func removeAll() { added.withLock { $0.removeAll() } }
}
