import Foundation
import MicroHTTP
import StubKit
import StubServer

/// The server side of `scripts/soak`: serves traffic of every kind (matched,
/// unmatched, delayed, faulted, large bodies both ways) with a small journal
/// capacity, so that the soak passes the cap early, and answers commands on
/// standard input:
///
/// - `status`: one JSON line with the journal's counts;
/// - `stop` (or end of input): stops the server and prints one JSON line with
///   the journal's counts and the process's descriptors and threads before
///   start and after stop.
struct SoakServer {
    let arguments: Options

    /// One server started, asked once (a delayed stub, so the timers run too) and stopped.
    static func warmUp() throws {
        let server = try StubServer.start([Get("/warm").delay(.milliseconds(1)).respond(.text("warm"))])
        defer { server.stop() }
        _ = try LoopbackConnection(port: server.port).call("GET", "/warm")
    }

    func run() throws {
        let capacity = try arguments.int("journal", default: 20_000)
        // libdispatch starts its timer manager (a thread, an epoll descriptor,
        // an eventfd and a timerfd) on first use and keeps it for the life of
        // the process: let it exist before the baseline is taken.
        let warmed = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { warmed.signal() }
        warmed.wait()
        // So does what the first server of a process sets up once (the TLS
        // library libmicrohttpd loads, its random source): a throwaway server
        // answers a delayed request and stops before the baseline.
        try Self.warmUp()
        let fdsBefore = ProcessCounts.descriptors(), threadsBefore = ProcessCounts.threads()
        let targetsBefore = ProcessCounts.descriptorTargets()
        var configuration = StubServer.Configuration()
        configuration.journalCapacity = capacity
        configuration.requestArrivalTimeout = .seconds(try arguments.int("arrival-timeout", default: 10))
        let server = try StubServer.start(.stubs(Self.stubs, configuration: configuration))
        emit(["url": server.baseURL.absoluteString, "pid": Int(getpid()), "journalCapacity": capacity])
        while let line = readLine(), line != "stop" {
            if line == "status" { emit(counts(server.journal)) }
        }
        var report = counts(server.journal)
        let daemonStatistics = server.statistics
        server.stop()
        // libdispatch keeps a few idle worker threads (delays run on its
        // timers) and retires them on its own schedule: wait up to 10 s.
        let deadline = ContinuousClock.now + .seconds(10)
        while ProcessCounts.threads() > threadsBefore, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        report["fdsBefore"] = fdsBefore
        report["fdsAfter"] = ProcessCounts.descriptors()
        // What a run gained, named, so a failed check says what stayed open.
        report["fdsGained"] = ProcessCounts.descriptorTargets().filter { targetsBefore[$0.key] != $0.value }
            .sorted { $0.key < $1.key }.map { "\($0.key) -> \($0.value)" }
        report["threadsBefore"] = threadsBefore
        report["threadsAfter"] = ProcessCounts.threads()
        report["connectionsAccepted"] = daemonStatistics.connectionsAccepted
        report["slowRequestsCut"] = daemonStatistics.slowRequestsCut
        report["connectionsOpenAtStop"] = daemonStatistics.connectionsOpen
        emit(report)
    }

    private func counts(_ journal: Journal) -> [String: Any] {
        ["recorded": journal.recordedCount, "held": journal.count, "evicted": journal.evictedCount, "capacity": journal.capacity]
    }

    private func emit(_ object: [String: Any]) {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Every kind of traffic the soak sends; anything else is unmatched (404 with a report).
    static let stubs: [Stub] = Stubs {
        Get("/matched").respond(.json(#"{"ok":true}"#))
        Get("/large").respond(.json(Data(#"{"blob":""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 256 << 10) + Data(#""}"#.utf8)))
        Post("/upload").respond(.status(201))
        Get("/delayed").delay(.milliseconds(20)).respond(.text("late"))
        Get("/delayed/random").delay(.random(.milliseconds(1) ... .milliseconds(50))).respond(.text("later"))
        Get("/fault/close").fault(.closeWithoutResponse)
        Get("/fault/truncated").respond(.text(String(repeating: "y", count: 4096))).fault(.truncatedBody(afterBytes: 100))
        Get("/fault/garbage").fault(.garbageThenClose)
    }
}

/// This process's open descriptors and threads, from /proc.
enum ProcessCounts {
    static func descriptors() -> Int { entries("/proc/self/fd") }
    /// Each open descriptor and what it is (`socket:[123]`, `anon_inode:[eventfd]`,
    /// a path), so a report can name the ones a run gained.
    static func descriptorTargets() -> [Int: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var targets: [Int: String] = [:]
        for name in names {
            guard let fd = Int(name) else { continue }
            targets[fd] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")) ?? "?"
        }
        return targets
    }
    static func threads() -> Int { entries("/proc/self/task") }
    private static func entries(_ path: String) -> Int { (try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? -1 }
}
