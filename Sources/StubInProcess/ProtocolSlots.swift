import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubEngine
import StubKit
import Locking
import Synchronization

/// Which running server each protocol class serves: a server leases a free
/// slot at start and gives it back at stop. Slots are handed out round
/// robin, so a class a stopped server's stray session still names is the
/// last one to serve again.
enum ProtocolSlots {
    /// A running server's hold on a slot.
    final class Lease: Sendable {
        let engine: Engine
        /// Where the sessions of this server keep cookies: a cookie an answer
        /// sets is stored here and sent back, as URLSession does over a socket.
        let cookies: HTTPCookieStorage?
        private let connections = Atomic<UInt64>(0)
        private let stopHooks = Locked(StopHooks())

        private struct StopHooks {
            var stopped = false
            var next: UInt64 = 0
            var hooks: [UInt64: @Sendable () -> Void] = [:]
        }

        init(engine: Engine, cookies: HTTPCookieStorage?) {
            self.engine = engine
            self.cookies = cookies
        }

        /// Runs `body` when the server stops (at once when it has); returns
        /// the id that ``forget(_:)`` takes.
        @discardableResult
        func onStop(_ body: @escaping @Sendable () -> Void) -> UInt64? {
            let id = stopHooks.withLock { hooks -> UInt64? in
                guard !hooks.stopped else { return nil }
                hooks.next += 1
                hooks.hooks[hooks.next] = body
                return hooks.next
            }
            if id == nil { body() }
            return id
        }

        /// Drops the hook `id`.
        func forget(_ id: UInt64) {
            _ = stopHooks.withLock { $0.hooks.removeValue(forKey: id) }
        }

        /// The server stopped: runs every hook, once.
        func stopped() {
            let hooks = stopHooks.withLock { hooks in
                hooks.stopped = true
                defer { hooks.hooks.removeAll() }
                return Array(hooks.hooks.values)
            }
            for hook in hooks { hook() }
        }

        /// A number per request, as a socket server numbers connections.
        func nextConnection() -> UInt64 { connections.add(1, ordering: .relaxed).newValue }

        /// Records a request refused before it reached the engine, so the test hears of it.
        func refused(_ why: String, request: URLRequest) {
            let described = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
            engine.issues.append(ServerIssue(sequence: 0, kind: .transportRefused(request: described, reason: why)))
        }
    }

    private struct Table {
        var leases: [Lease?] = Array(repeating: nil, count: ProtocolSlots.classes.count)
        var cursor = 0
    }

    private static let table = Locked(Table())

    /// The lease on `slot`, while its server runs.
    static func lease(_ slot: Int) -> Lease? {
        table.withLock { slot >= 0 && slot < $0.leases.count ? $0.leases[slot] : nil }
    }

    /// Leases a free slot for `engine`; `nil` when every slot is taken.
    static func take(for engine: Engine, cookies: HTTPCookieStorage?) -> (slot: Int, lease: Lease)? {
        table.withLock { table in
            let count = table.leases.count
            for step in 0..<count {
                let slot = (table.cursor + step) % count
                guard table.leases[slot] == nil else { continue }
                let lease = Lease(engine: engine, cookies: cookies)
                table.leases[slot] = lease
                table.cursor = (slot + 1) % count
                return (slot, lease)
            }
            return nil
        }
    }

    /// Gives `slot` back, if `lease` still holds it.
    static func release(_ slot: Int, _ lease: Lease) {
        table.withLock { table in
            if table.leases[slot] === lease { table.leases[slot] = nil }
        }
    }
}
