import Locking

/// A value settled once, from any thread, that tasks await without holding
/// a thread: the first ``resolve(_:)`` wins (`nil` stands for "no value":
/// a timeout, a cancellation), later ones do nothing.
package final class WaitOnce<Value: Sendable>: Sendable {
    private struct State {
        var settled = false
        var value: Value?
        var waiters: [CheckedContinuation<Value?, Never>] = []
    }

    private let state = Locked(State())

    package init() {}

    /// Settles the value, once, and wakes every waiter; `false` when it was settled already.
    @discardableResult
    package func resolve(_ value: Value?) -> Bool {
        let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>]? in
            guard !state.settled else { return nil }
            state.settled = true
            state.value = value
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: value) }
        return true
    }

    /// The settled value, once there is one.
    package var value: Value? {
        get async {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Value?? in
                    if state.settled { return .some(state.value) }
                    state.waiters.append(continuation)
                    return .none
                }
                if let now { continuation.resume(returning: now) }
            }
        }
    }

    /// The settled value, or `nil` once `timeout` passed or the task was
    /// cancelled first: then `giveUp` runs (by default, settling with `nil`).
    /// No thread waits.
    package func value(within timeout: Duration, giveUp: (@Sendable () -> Void)? = nil) async -> Value? {
        let giveUp = giveUp ?? { self.resolve(nil) }
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            giveUp()
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler { await value } onCancel: { giveUp() }
    }
}
