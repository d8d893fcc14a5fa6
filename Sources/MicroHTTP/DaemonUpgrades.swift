import Dispatch
import Locking
import Synchronization
internal import CMicroHTTPD

// The connections handed over after a 101 (WebSockets): counted while
// open, told when the daemon stops, and closed before libmicrohttpd stops.
extension DaemonCore {
    /// A 101 is about to be queued on `connection`.
    func upgradeQueued(_ connection: OpaquePointer) {
        upgradesHandingOver.enter()
        upgradesPending.withLock { pending in
            pending.insert(UInt(bitPattern: connection))
            upgradesPendingCount.store(pending.count, ordering: .releasing)
        }
    }

    /// `connection`'s upgrade was handed over, refused, or its connection ended first.
    func upgradeSettled(_ connection: OpaquePointer) {
        // Every request ends here, and few are upgrades: with none pending, no lock.
        guard upgradesPendingCount.load(ordering: .acquiring) > 0 else { return }
        let settled = upgradesPending.withLock { pending in
            defer { upgradesPendingCount.store(pending.count, ordering: .releasing) }
            return pending.remove(UInt(bitPattern: connection)) != nil
        }
        if settled { upgradesHandingOver.leave() }
    }

    func upgraded(_ socket: UpgradedSocket) {
        upgradedOpen.enter()
        upgradedSockets.withLock { $0[ObjectIdentifier(socket)] = socket }
    }

    func upgradeClosed(_ socket: UpgradedSocket) {
        guard upgradedSockets.withLock({ $0.removeValue(forKey: ObjectIdentifier(socket)) }) != nil else { return }
        upgradedOpen.leave()
    }

    /// As stop begins: each open connection is told, so it can close itself
    /// properly (a WebSocket's 1001); those still open after `grace` are closed.
    func closeUpgraded(grace: DispatchTimeInterval) {
        // A client may have read its 101 before libmicrohttpd handed the connection over.
        _ = upgradesHandingOver.wait(timeout: .now() + grace)
        let open = upgradedSockets.withLock { Array($0.values) }
        guard !open.isEmpty else { return }
        for socket in open { socket.serverStopping() }
        if upgradedOpen.wait(timeout: .now() + grace) == .timedOut {
            for socket in upgradedSockets.withLock({ Array($0.values) }) { socket.forceClose() }
            _ = upgradedOpen.wait(timeout: .now() + .seconds(5))
        }
    }
}
