import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The resident-memory floor: a process linking the same Swift runtime and
/// Foundation as the server, serving nothing, until SIGINT or SIGTERM.
struct IdleProcess {
    func run() {
        let signals = blockStopSignals()
        // A Foundation call, so the library is initialised as in the server.
        let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 0))
        print("READY http://127.0.0.1:0 pid=\(getpid()) since=\(stamp)")
        fflush(nil)
        waitForStopSignal(signals)
    }
}
