import Dispatch

/// Work run later from a timer, no thread waiting meanwhile: how every
/// delayed answer is sent, by the daemon's responders and the engine's sinks alike.
package enum Timers {
    /// Runs `work` after `delay` (at once when it is not positive), on a global queue.
    package static func after(_ delay: Duration, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(max(delay, .zero).nanoseconds)), execute: work)
    }
}
