import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The resident-memory floor: a process linking the same Swift runtime and
/// Foundation as the server, serving nothing, until SIGINT or SIGTERM.
struct IdleProcess {
    func run() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // A Foundation call, so the library is initialised as in the server.
        let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 0))
        print("READY http://127.0.0.1:0 pid=\(getpid()) since=\(stamp)")
        fflush(nil)
        var received: Int32 = 0
        sigwait(&signals, &received)
    }
}
