import Foundation

/// Blocking work done on a thread of its own while the awaiting task holds
/// no thread.
///
/// Swift Testing runs every test on the cooperative pool, which has one
/// thread per core: two on the CI machine. A test that blocks one of them in
/// `recv`, `read` or `waitpid` takes half the pool from every other test in
/// the process, and an `async let` or continuation it waits for may then
/// never get a thread. Tests block only through this.
public enum OffPool {
    /// The name of its threads (the process audit looks for any still running at exit).
    static let threadName = "understudy.offpool"

    /// Runs `work` on a new thread and returns its result.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = threadName
            thread.start()
        }
    }

    /// Runs throwing `work` on a new thread and returns its result or throws its error.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = threadName
            thread.start()
        }
    }
}
