import Foundation
import Testing
import UnderstudyTestSupport

/// The test support's `.offPool` trait: the test runs on threads of its own,
/// before and after a suspension, and still records its expectations.
@Suite struct OffPoolTraitTests {
    @Test(.offPool) func aTestWithTheTraitRunsOffThePoolAndStillRecords() async {
        #expect(OffPool.isCurrentThread())
        await Task.yield()
        #expect(OffPool.isCurrentThread(), "after a suspension too")
        withKnownIssue("an issue recorded off the pool reaches this test") { Issue.record("recorded on a thread of its own") }
    }

    @Test func withoutItATestRunsOnThePool() {
        #expect(!OffPool.isCurrentThread())
    }
}
