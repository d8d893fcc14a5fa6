import Foundation

extension Engine {
    /// The stubs served now with this server's answer counts, and the front
    /// door answered before them; one snapshot per request, swapped whole
    /// when any of them changes.
    package final class Serving: Sendable {
        let stubSet: StubSet
        let counts: AnswerCounts
        /// Routes answered before any stub and never journaled (the admin API).
        let frontDoor: FrontDoor?
        package var table: RouteTable { stubSet.table }

        init(set: StubSet, counts: AnswerCounts, frontDoor: FrontDoor? = nil) {
            self.stubSet = set
            self.counts = counts
            self.frontDoor = frontDoor
        }

        /// No stubs and no front door: what a change leaves in place for
        /// the moment it takes the current lists to extend them.
        static let vacant = Serving(set: StubSet(table: RouteTable(stubs: [], slots: [], index: nil), fixtures: URL(fileURLWithPath: "/")),
                                    counts: AnswerCounts(countersFromEnd: [:], stubCount: 0))

        /// The same state with its stub table indexed (see ``RouteTable``).
        func indexed() -> Serving {
            Serving(set: StubSet(table: table.indexed(), fixtures: stubSet.fixtures), counts: counts, frontDoor: frontDoor)
        }
    }
}
