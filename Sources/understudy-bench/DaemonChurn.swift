import Foundation
import MicroHTTP
import StubTLS
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Starts and stops daemons from several threads, each stopped while
/// connections of every kind are open on it: keep-alive, suspended (a held
/// answer, and delayed answers whose timers race the stop), half-sent heads,
/// half-sent bodies, paused streams, TLS mid-handshake and, now and then, a
/// full TLS request from curl held at the moment of stop.
///
/// libmicrohttpd aborts the whole process (`MHD_PANIC`) when a daemon stops
/// with a connection still suspended, and when a descriptor it uses is closed
/// under it; this is the run that would show either. It ends with one JSON
/// line of counts, and fails (exit 1) when a held request was not answered
/// with 503 or descriptors or threads grew.
struct DaemonChurn {
    let arguments: Options

    func run() throws {
        let seconds = try arguments.int("seconds", default: 20)
        let threadCount = try arguments.int("threads", default: 4)
        let cycleLimit = try arguments.int("cycles", default: Int.max)
        let authority = try ThrowawayCertificateAuthority()
        let leaf = try authority.issue(.server(hosts: ["127.0.0.1"]))
        let tls = TLSCredentials(certificateChainPEM: leaf.certificatePEM, privateKeyPEM: leaf.privateKeyPEM)
        let curl = FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") ? "/usr/bin/curl" : nil

        let tally = ChurnTally()
        // One warm-up cycle, so lazily made runtime state is not counted as growth.
        try ChurnCycle(number: 0, tls: nil, curl: nil, tally: ChurnTally()).run()
        let fdsBefore = ProcessCounts.descriptors()
        let targetsBefore = ProcessCounts.descriptorTargets()
        let threadsBefore = ProcessCounts.threads()
        // Daemons started side by side may make shared loops (a thread and two descriptors each, kept for the process's life).
        let loopsBefore = Daemon.sharedLoops
        let deadline = ContinuousClock.now + .seconds(seconds)
        let next = Atomic<Int>(0)
        let failures = Mutex<[String]>([])
        let done = DispatchGroup()
        for _ in 0..<threadCount {
            done.enter()
            Thread {
                defer { done.leave() }
                while ContinuousClock.now < deadline {
                    let number = next.add(1, ordering: .relaxed).newValue
                    guard number <= cycleLimit else { return }
                    // Every third cycle speaks TLS; every 25th of those also holds a curl request at stop.
                    let cycle = ChurnCycle(number: number, tls: number % 3 == 0 ? tls : nil,
                                           curl: number % 75 == 0 ? curl : nil, tally: tally)
                    do { try cycle.run() } catch { failures.withLock { $0.append("cycle \(number): \(error)") } }
                }
            }.start()
        }
        done.wait()
        // libdispatch's epoll backend makes one timerfd per clock (uptime,
        // monotonic, wall) the first time a timer on that clock is armed, and
        // keeps it for the life of the process (the process audit counts it
        // as the runtime's). Which clocks the warm-up touched varies from run
        // to run, so a timerfd gained is not growth; nothing of ours makes one.
        func runtimeTimersGained() -> Int {
            ProcessCounts.descriptorTargets().filter { targetsBefore[$0.key] != $0.value && $0.value == "anon_inode:[timerfd]" }.count
        }
        let loopsMade = Daemon.sharedLoops - loopsBefore
        // Timers of responders that lost the race to stop still fire, and
        // libdispatch lets idle workers go after a while: the counts settle.
        var fdsAfter = ProcessCounts.descriptors() - runtimeTimersGained() - 2 * loopsMade
        var threadsAfter = ProcessCounts.threads() - loopsMade
        let settle = ContinuousClock.now + .seconds(10)
        while (fdsAfter > fdsBefore || threadsAfter > threadsBefore + 8), ContinuousClock.now < settle {
            Thread.sleep(forTimeInterval: 0.1)
            fdsAfter = ProcessCounts.descriptors() - runtimeTimersGained() - 2 * loopsMade
            threadsAfter = ProcessCounts.threads() - loopsMade
        }
        let problems = failures.withLock { $0 }
        // What the run kept open that it did not have before (the inherited ones aside), named.
        let gained = ProcessCounts.descriptorTargets().filter { targetsBefore[$0.key] != $0.value }
            .sorted { $0.key < $1.key }.map { "fd \($0.key) -> \($0.value)" }
        let report: [String: Any] = [
            "seconds": seconds, "threads": threadCount,
            "cycles": tally.cycles.load(ordering: .relaxed), "tlsCycles": tally.tlsCycles.load(ordering: .relaxed),
            "connectionsOpenAtStop": tally.openAtStop.load(ordering: .relaxed),
            "heldAnswered503": tally.held503.load(ordering: .relaxed),
            "heldNotAnswered": tally.heldLost.load(ordering: .relaxed),
            "delayedRacingStop": tally.racing.load(ordering: .relaxed),
            "curlHeldAtStop": tally.curlHeld.load(ordering: .relaxed),
            "concurrentStops": tally.doubleStops.load(ordering: .relaxed),
            "failures": problems.prefix(5).map { $0 }, "failureCount": problems.count,
            "fdsBefore": fdsBefore, "fdsAfter": fdsAfter, "threadsBefore": threadsBefore, "threadsAfter": threadsAfter,
            "fdsGained": Array(gained.prefix(20)), "runtimeTimersGained": runtimeTimersGained(), "sharedLoopsMade": loopsMade,
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
        if !problems.isEmpty || tally.heldLost.load(ordering: .relaxed) > 0 || fdsAfter > fdsBefore || threadsAfter > threadsBefore + 8 {
            exit(1)
        }
    }
}

/// Counters shared by the churn's threads.
final class ChurnTally: Sendable {
    let cycles = Atomic<Int>(0)
    let tlsCycles = Atomic<Int>(0)
    let openAtStop = Atomic<Int>(0)
    let held503 = Atomic<Int>(0)
    let heldLost = Atomic<Int>(0)
    let racing = Atomic<Int>(0)
    let curlHeld = Atomic<Int>(0)
    let doubleStops = Atomic<Int>(0)
}

struct ChurnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
