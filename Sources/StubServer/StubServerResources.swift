public import StubKit

/// Why items cannot become a resource's: no resource there, or an item it
/// cannot hold (named by its index).
public struct ResourceSeedingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The collection path asked for.
    public var collectionPath: String
    /// What is wrong.
    public var problem: String
    /// Whether no stub serves a resource at ``collectionPath``.
    public var isUnknownResource: Bool

    /// An error about the resource at `collectionPath`.
    public init(collectionPath: String, problem: String, isUnknownResource: Bool = false) {
        self.collectionPath = collectionPath
        self.problem = problem
        self.isUnknownResource = isUnknownResource
    }

    /// `the resource /v1/users: seed item 2 has no id`.
    public var description: String { "the resource \(collectionPath): \(problem)" }
}

extension StubServer {
    /// The stateful resources the server serves, in stub order.
    public var resources: [ResourceDeclaration] {
        stubs.compactMap { stub in
            if case .resource(let declaration) = stub.response { return declaration }
            return nil
        }
    }

    /// The items of the stateful resource at `collectionPath` (as declared,
    /// `/users/{userId}/posts` for a nested one) now, in order; none when no
    /// stub serves one there.
    public func resourceItems(at collectionPath: String) -> [JSONValue] {
        guard let (stub, declaration) = resourceStub(at: collectionPath) else { return [] }
        return engine.resources.items(of: stub, declaration)
    }

    /// Makes `items` the items of the resource at `collectionPath`, as if
    /// they were its seed, so a UI test prepares its data from the test
    /// process. Each must be an object with an id (and the parents' fields
    /// of a nested path), ids once each; the server's reset puts the
    /// declared seed back.
    public func setResourceItems(_ items: [JSONValue], at collectionPath: String) throws(ResourceSeedingError) {
        guard let (stub, declaration) = resourceStub(at: collectionPath) else {
            throw ResourceSeedingError(collectionPath: collectionPath, problem: "no stub serves a resource there", isUnknownResource: true)
        }
        var seeded = declaration
        seeded.seed = items
        if let problem = seeded.problem { throw ResourceSeedingError(collectionPath: collectionPath, problem: problem) }
        engine.resources.replace(stub, with: seeded)
    }

    /// Puts the resource at `collectionPath` back to its declared seed
    /// (``resetResources()`` puts back every one).
    public func resetResource(at collectionPath: String) throws(ResourceSeedingError) {
        guard let (stub, _) = resourceStub(at: collectionPath) else {
            throw ResourceSeedingError(collectionPath: collectionPath, problem: "no stub serves a resource there", isUnknownResource: true)
        }
        engine.resources.reset(stub)
    }

    private func resourceStub(at collectionPath: String) -> (StubID, ResourceDeclaration)? {
        var path = collectionPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        for stub in stubs {
            guard case .resource(let declaration) = stub.response, declaration.collectionPath == path else { continue }
            return (stub.id, declaration)
        }
        return nil
    }
}
