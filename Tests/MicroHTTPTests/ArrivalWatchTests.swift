@testable import MicroHTTP
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The arrival deadline's sweep, driven by hand.
@Suite struct ArrivalWatchTests {
    /// A connected pair of sockets; the first stands for a client connection.
    private static func socketPair() -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        return (fds[0], fds[1])
    }

    /// Regression (found by scripts/soak): a connection that stamped its clock
    /// after the sweep read "now" wrapped round to "late" and was cut off
    /// mid-request, losing the request.
    @Test func aStampNewerThanTheSweepIsNotLate() throws {
        let watch = try #require(ArrivalWatch(limit: .seconds(10)))
        defer { watch.stop() }
        let (near, far) = Self.socketPair()
        defer { close(near); close(far) }
        let connection = ConnectionContext(id: 1, remoteAddress: "test", socket: near)
        watch.opened(connection)
        let now = ArrivalWatch.now()
        connection.awaitingSince.store(now + 1_000_000, ordering: .relaxed)
        watch.sweep(now: now)
        #expect(watch.connectionsCut.load(ordering: .relaxed) == 0)
        #expect(connection.awaitingSince.load(ordering: .relaxed) != 0)
    }

    @Test func aLateRequestIsCutOnceAndAnsweringStopsTheClock() throws {
        let watch = try #require(ArrivalWatch(limit: .seconds(10)))
        defer { watch.stop() }
        let (late, lateFar) = Self.socketPair()
        let (answering, answeringFar) = Self.socketPair()
        defer { [late, lateFar, answering, answeringFar].forEach { close($0) } }
        let lateOne = ConnectionContext(id: 1, remoteAddress: "test", socket: late)
        let answeringOne = ConnectionContext(id: 2, remoteAddress: "test", socket: answering)
        watch.opened(lateOne)
        watch.opened(answeringOne)
        answeringOne.requestArrived()
        let eleven = ArrivalWatch.now() + 11_000_000_000
        watch.sweep(now: eleven)
        watch.sweep(now: eleven + 1)
        #expect(watch.connectionsCut.load(ordering: .relaxed) == 1)
        var byte: UInt8 = 0
        #expect(recv(lateFar, &byte, 1, Int32(MSG_DONTWAIT)) == 0, "the late connection's peer reads the end of the stream")
        #expect(recv(answeringFar, &byte, 1, Int32(MSG_DONTWAIT)) == -1, "the answering one is untouched")
        watch.closed(lateOne)
        watch.closed(answeringOne)
    }

    /// Regression: once a server had had one connection, the sweep woke it
    /// four times a second for good, open connections or none.
    @Test func theSweepPausesWhileNoConnectionIsOpenAndResumesForTheNext() throws {
        let watch = try #require(ArrivalWatch(limit: .seconds(10)))
        defer { watch.stop() }
        #expect(!watch.isSweeping, "no connection yet, no timer")
        let (near, far) = Self.socketPair()
        defer { close(near); close(far) }
        let first = ConnectionContext(id: 1, remoteAddress: "test", socket: near)
        watch.opened(first)
        #expect(watch.isSweeping)
        watch.sweep()
        #expect(watch.isSweeping, "a sweep with a connection open keeps sweeping")
        watch.closed(first)
        watch.sweep()
        #expect(!watch.isSweeping, "a sweep with none open pauses")
        let second = ConnectionContext(id: 2, remoteAddress: "test", socket: near)
        watch.opened(second)
        #expect(watch.isSweeping, "the next connection resumes it")
        watch.closed(second)
        watch.sweep()
        #expect(!watch.isSweeping)
    }

    /// A watch stopped while paused lets its timer go (a suspended dispatch
    /// source released without resuming would crash the process).
    @Test func aPausedWatchStops() throws {
        let watch = try #require(ArrivalWatch(limit: .seconds(10)))
        let (near, far) = Self.socketPair()
        defer { close(near); close(far) }
        let connection = ConnectionContext(id: 1, remoteAddress: "test", socket: near)
        watch.opened(connection)
        watch.closed(connection)
        watch.sweep()
        #expect(!watch.isSweeping)
        watch.stop()
        watch.opened(connection)
        #expect(!watch.isSweeping, "a stopped watch stays stopped")
    }
}
