import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The write end of the pipe the signal handler wakes the stopping thread
/// through; set once, before the handler is installed.
nonisolated(unsafe) private var stopSignalPipeWriteEnd: Int32 = -1

/// SIGINT and SIGTERM, caught from the moment ``install(_:)`` returns.
///
/// A dispatch signal source registers its handler asynchronously, so a signal
/// sent right after the ready line could find it ignored and be lost (a
/// supervisor waiting for the exit then waits forever). Here `sigaction`
/// installs the handler before the call returns; the handler only writes the
/// signal's number to a pipe, and a dedicated thread reads it and stops.
enum StopSignals {
    static func install(_ onSignal: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("understudy: cannot create the signal pipe (errno \(errno))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopSignalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(stopSignalPipeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        for number in [SIGINT, SIGTERM] { sigaction(number, &action, nil) }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) != 1 {}
            onSignal(Int32(byte))
        }
    }
}
