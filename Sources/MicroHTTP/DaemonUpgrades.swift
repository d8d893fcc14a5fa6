import Dispatch
import Locking

// The connections handed over after a 101 (WebSockets): counted while
// open, told when the daemon stops, and closed before libmicrohttpd stops.
extension DaemonCore {
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
        let open = upgradedSockets.withLock { Array($0.values) }
        guard !open.isEmpty else { return }
        for socket in open { socket.serverStopping() }
        if upgradedOpen.wait(timeout: .now() + grace) == .timedOut {
            for socket in upgradedSockets.withLock({ Array($0.values) }) { socket.forceClose() }
            _ = upgradedOpen.wait(timeout: .now() + .seconds(5))
        }
    }
}
