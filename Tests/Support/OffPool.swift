import Foundation
#if canImport(Testing)
public import Testing
#endif

/// Blocking work, and long stretches of computing, done on threads of their
/// own while the awaiting task holds no thread of the cooperative pool.
///
/// Swift Testing runs every test on the cooperative pool, which has one
/// thread per core: two on the CI machine. A test that blocks one of them in
/// `recv`, `read` or `waitpid`, or computes on it for seconds, takes half the
/// pool from every other test in the process: a continuation another test's
/// server resumed then waits behind it, and every time limit that other test
/// set (a 5 s wait, a URLSession timeout) runs out while nothing of it ran.
/// (Measured: with two tests decoding large documents on both threads, a
/// task waited 59 s for a thread.) Tests block only through this, and a test
/// that computes for long runs with the ``OffPoolTrait`` trait.
public enum OffPool {
    /// The name of its threads (the process audit looks for any still running at exit).
    static let threadName = "understudy.offpool"

    /// Runs `work` on a new thread and returns its result.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: work()) }
        }
    }

    /// Runs throwing `work` on a new thread and returns its result or throws its error.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs `body` as part of the calling task (its task-locals, so
    /// `#expect` and `#require` record as usual), each stretch of it between
    /// two suspensions on a new thread instead of the cooperative pool.
    public static func scope<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        try await withTaskExecutorPreference(executor, operation: body)
    }

    /// The executor ``scope(_:)`` prefers: each job on a thread of its own.
    static let executor = ThreadPerJob()

    /// Whether the caller runs on one of these threads (a function, so an async test may ask).
    public static func isCurrentThread() -> Bool {
        Thread.current.threadDictionary[threadName] as? Bool == true
    }

    fileprivate static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            Thread.current.threadDictionary[threadName] = true
            work()
        }
        thread.name = threadName
        thread.start()
    }
}

/// A task executor that runs each job it is given on a new thread, so no
/// job of a task that prefers it waits for, or holds, a pool thread.
final class ThreadPerJob: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        OffPool.start { job.runSynchronously(on: executor) }
    }
}

#if canImport(Testing) // not in the static standard library's resources (`--static-swift-stdlib`)
/// Runs a test (or each test of a suite) on threads of its own rather than
/// on the cooperative pool: for a test that computes for seconds (decoding
/// large documents, thousands of cycles), so that it cannot hold a pool
/// thread another test's continuation is waiting for.
///
/// ```swift
/// @Test(.offPool) func everyDocumentDecodes() throws { ... }
/// ```
public struct OffPoolTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await OffPool.scope(function)
    }
}

extension Trait where Self == OffPoolTrait {
    /// Runs the test on threads of its own: see ``OffPoolTrait``.
    public static var offPool: Self { Self() }
}
#endif
