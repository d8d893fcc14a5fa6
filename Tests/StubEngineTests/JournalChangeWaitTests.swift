@testable import StubEngine
import Testing

/// Waiting for the journal to change, as the request log and the live page do.
@Suite struct JournalChangeWaitTests {
    /// A timeout ends its wait even when it comes before the wait has
    /// parked (a zero timeout may): the wait must not last until the next
    /// change, which on a quiet server never comes.
    @Test func aTimeoutDueBeforeTheWaitParksStillEndsIt() async {
        let journal = Journal(capacity: 10)
        for _ in 0..<500 {
            await journal.waitForChange(after: journal.version, timeout: .zero)
        }
    }

    @Test func aChangeEndsTheWaitBeforeItsTimeout() async {
        let journal = Journal(capacity: 10)
        let seen = journal.version
        async let waited: Void = journal.waitForChange(after: seen, timeout: .seconds(3600))
        journal.markAbandoned(connection: 0) // a change, on no entry
        await waited
        #expect(journal.version > seen)
    }
}
