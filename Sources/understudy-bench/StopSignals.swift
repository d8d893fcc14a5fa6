#if canImport(Glibc)
import Glibc
#endif

/// Blocks SIGINT and SIGTERM on this thread (threads started later inherit
/// the mask), so they stay pending for ``waitForStopSignal(_:)``.
func blockStopSignals() -> sigset_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    return signals
}

/// Waits until SIGINT or SIGTERM arrives.
func waitForStopSignal(_ signals: sigset_t) {
    var signals = signals
    var received: Int32 = 0
    sigwait(&signals, &received)
}
