import Locking
package import StubKit
import Synchronization

/// The delay of every answer whose stub has none: WireMock's global fixed
/// delay, or the server's network conditions. Read for every request, so a
/// flag says whether there is one: a server without one takes no lock.
package final class GlobalDelay: Sendable {
    private let value = Locked<Delay?>(nil)
    private let isSet = Atomic<Bool>(false)

    init() {}

    /// The delay now, if any.
    package var current: Delay? {
        isSet.load(ordering: .acquiring) ? value.withLock { $0 } : nil
    }

    /// Sets the delay; `nil` removes it.
    package func set(_ delay: Delay?) {
        value.withLock { value in
            value = delay
            isSet.store(delay != nil, ordering: .releasing)
        }
    }
}
