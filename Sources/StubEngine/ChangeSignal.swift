import Locking
import Synchronization

/// A version number that counts the journal's changes (a request recorded,
/// a proxied request's status filled in), and lets a viewer wait for the
/// next one without holding a thread. Recording pays one atomic add, and a
/// lock only while somebody waits.
final class ChangeSignal: Sendable {
    private let version = Atomic<Int>(0)
    private let parked = Atomic<Int>(0)
    private let ids = Atomic<UInt64>(0)
    /// `Locked`, not `Mutex`: Thread Sanitizer sees a pthread mutex's ordering.
    private let waiters = Locked(Waiting())

    private struct Waiting {
        var parked: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waits whose timeout came before they parked: they end as they park.
        var expired: Set<UInt64> = []
    }

    /// How many changes so far.
    var current: Int { version.load(ordering: .sequentiallyConsistent) }

    /// Counts a change and wakes every waiter.
    func bump() {
        version.add(1, ordering: .sequentiallyConsistent)
        guard parked.load(ordering: .sequentiallyConsistent) > 0 else { return }
        let woken = waiters.withLock { waiting -> [CheckedContinuation<Void, Never>] in
            let all = Array(waiting.parked.values)
            waiting.parked.removeAll()
            parked.subtract(all.count, ordering: .sequentiallyConsistent)
            return all
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once the version is past `seen`, or after `timeout`.
    func wait(beyond seen: Int, timeout: Duration) async {
        let id = ids.add(1, ordering: .relaxed).newValue
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.release(id)
        }
        defer {
            timer.cancel()
            // A timeout due as a bump woke this wait must not mark it for ever.
            _ = waiters.withLock { $0.expired.remove(id) }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = waiters.withLock { waiting -> Bool in
                // Counted as parked before the version is read: a bump after
                // this point either is seen here or sees this waiter.
                parked.add(1, ordering: .sequentiallyConsistent)
                if waiting.expired.remove(id) != nil || version.load(ordering: .sequentiallyConsistent) > seen {
                    parked.subtract(1, ordering: .sequentiallyConsistent)
                    return true
                }
                waiting.parked[id] = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func release(_ id: UInt64) {
        let continuation = waiters.withLock { waiting -> CheckedContinuation<Void, Never>? in
            guard let found = waiting.parked.removeValue(forKey: id) else {
                waiting.expired.insert(id)
                return nil
            }
            parked.subtract(1, ordering: .sequentiallyConsistent)
            return found
        }
        continuation?.resume()
    }
}
