import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MicroHTTP
import StubInProcess
import Locking

/// How a ``StubServer``'s stubs are reached: the one option that picks the
/// transport, in ``StubServer/Configuration/transport`` and StubTesting's
/// trait, `withStubServer` and `Contract`.
public enum StubTransport: Sendable, Hashable {
    /// Real HTTP on a loopback port (libmicrohttpd): any client, any process,
    /// TLS, connection faults as they happen on the wire.
    case socket
    /// URLSession in this process through `URLProtocol`, with no socket:
    /// clients use ``StubServer/session`` (or ``StubServer/sessionConfiguration``),
    /// with any scheme and host. The same engine answers.
    case inProcess
}

extension StubServer {
    /// What a server listens with.
    enum Listener: Sendable {
        case socket(Daemon, SocketSession)
        case inProcess(InProcessRoute)

        var transport: StubTransport {
            if case .socket = self { return .socket }
            return .inProcess
        }

        var host: String {
            switch self {
            case .socket(let daemon, _): daemon.host
            case .inProcess: "in-process.invalid"
            }
        }

        var port: Int {
            switch self {
            case .socket(let daemon, _): daemon.port
            case .inProcess: 80
            }
        }

        var isRunning: Bool {
            switch self {
            case .socket(let daemon, _): daemon.isRunning
            case .inProcess(let route): route.isRunning
            }
        }

        var statistics: Statistics {
            switch self {
            case .socket(let daemon, _): Statistics(daemon.statistics)
            case .inProcess: Statistics()
            }
        }

        var session: URLSession {
            switch self {
            case .socket(_, let session): session.session
            case .inProcess(let route): route.session
            }
        }

        func stop() {
            switch self {
            case .socket(let daemon, let session):
                daemon.stop()
                session.invalidate()
            case .inProcess(let route):
                route.stop()
            }
        }
    }

    /// A socket server's URLSession, made on first use (most tests bring their own).
    final class SocketSession: Sendable {
        private let made = Locked<URLSession?>(nil)

        var session: URLSession {
            made.withLock { made in
                if let made { return made }
                let session = URLSession(configuration: .ephemeral)
                made = session
                return session
            }
        }

        func invalidate() {
            made.withLock { $0 }?.finishTasksAndInvalidate()
        }
    }
}
