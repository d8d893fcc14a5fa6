public import Foundation
public import StubKit

/// Stubs checked, read (fixtures) and indexed once, ready to be served by any
/// number of servers at once.
///
/// Starting a server from a `StubSet` skips that preparation, so a suite that
/// runs one server per test pays for it once:
///
/// ```swift
/// static let stubs = try StubSet { Get("/health").respond(.text("ok")) }
/// let server = try StubServer.start(.stubs(Self.stubs))
/// ```
///
/// Servers share the set's read-only parts and keep their own answer counts
/// and scenario states.
public struct StubSet: Sendable {
    let table: RouteTable
    let fixtures: URL
    /// The positions of the stubs whose answers are counted, found once for
    /// every server started from the set; `nil` in a set a change made
    /// (``AnswerCounts`` then looks at each slot).
    let countedPositions: [Int]?

    /// Prepares `stubs`; fixture paths are relative to `fixturesDirectory`
    /// (the current directory when `nil`).
    ///
    /// - Throws: `StubValidationError` naming each stub that cannot work.
    public init(_ stubs: [Stub], fixturesDirectory: URL? = nil) throws {
        let fixtures = fixturesDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let table = try StubPreparation.table(for: stubs, fixtures: fixtures).indexed()
        self.table = table
        self.fixtures = fixtures
        self.countedPositions = table.slots.indices.filter { table.slots[$0].counted }
    }

    /// Prepares the stubs declared in `content`.
    ///
    /// - Throws: `StubValidationError` naming each stub that cannot work.
    public init(fixturesDirectory: URL? = nil, @StubBuilder _ content: () -> [Stub]) throws {
        try self.init(content(), fixturesDirectory: fixturesDirectory)
    }

    init(table: RouteTable, fixtures: URL) {
        self.table = table
        self.fixtures = fixtures
        self.countedPositions = nil
    }

    /// The stubs, in declaration order.
    public var stubs: [Stub] { table.stubs }
}
