import Foundation
import Testing
import UnderstudyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Stopping is where libmicrohttpd aborts a process: daemons are started and
/// stopped by the thousand, from several threads, with connections of every
/// kind open at each stop. Both run in a child (understudy-bench), so an
/// abort fails this test instead of ending the test run.
@Suite struct DaemonChurnTests {
    @Test func daemonsStopCleanlyWithEveryKindOfConnectionOpen() async throws {
        let run = try await ChildProcess.finished(try BuiltProducts.url("understudy-bench"),
                                                  ["churn", "--seconds", "4", "--threads", "4"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(run.status == 0, "churn: \(run.output) \(run.errors.suffix(2000))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        #expect((report["cycles"] as? Int ?? 0) > 0)
        #expect((report["tlsCycles"] as? Int ?? 0) > 0)
        #expect(report["heldNotAnswered"] as? Int == 0, "every held request was answered with 503 at stop: \(run.output)")
        #expect(report["fdsAfter"] as? Int == report["fdsBefore"] as? Int, "\(run.output)")
    }

    /// The one abort left is not ours to prevent: a descriptor the daemon
    /// accepted, closed by other code in the process (a double close()).
    /// It must say so, not only libmicrohttpd's line.
    @Test func aSocketClosedUnderTheDaemonAbortsWithTheCauseNamed() async throws {
        let run = try await ChildProcess.finished(try BuiltProducts.url("understudy-bench"), ["foreign-close"],
                                                  environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(run.status == 128 + SIGABRT, "\(run.output) \(run.errors.prefix(2000))")
        #expect(run.errors.contains("Fatal error in GNU libmicrohttpd daemon.c:3831: Failed to remove FD from epoll set."), "\(run.errors.prefix(2000))")
        #expect(run.errors.contains("a socket this HTTP server accepted was closed by other code in this process"))
        #expect(run.errors.contains("descriptor closed twice"))
    }
}
