#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// A value behind a pthread mutex, for state shared between threads (the
/// daemon's and the engine's alike).
///
/// `Synchronization.Mutex` would serve as well, but Thread Sanitizer cannot
/// see its ordering on Linux (Swift 6.3), so every object published through
/// it looks like a data race; a pthread mutex is understood, which keeps the
/// suite clean under `--sanitize=thread`. A class because the mutex needs a
/// stable address.
///
/// Public, not `package`, only so that `withLock` is inlined where it is
/// called: Swift 6.3 does not inline or specialise an `@inlinable package`
/// function in another module, and the generic call cost every lock a
/// value-witness copy of what it returned. No product exports this module.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Reached only inside `withLock`, under the mutex, so the runtime's
    /// exclusivity check (a third of a lock's cost) would find nothing.
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Inlinable, so each
    /// caller gets it specialised for its value and result: generic, every
    /// value it handed back went through the type's value witnesses.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
