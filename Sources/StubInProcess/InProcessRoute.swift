import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif
package import StubEngine
package import HTTPWire

/// An engine reachable from URLSession in this process: the protocol class
/// it leased, and the sessions that name that class. What both an
/// ``InProcessServer`` and a `StubServer` serving in process hold.
package final class InProcessRoute: Sendable {
    /// A session whose requests the engine answers.
    package let session: URLSession
    private let slot: Int
    private let lease: ProtocolSlots.Lease

    /// Leases a protocol class for `engine`.
    ///
    /// - Throws: ``InProcessServer/StartError`` when every class is leased.
    package init(engine: Engine) throws {
        // One ephemeral configuration gives both the cookie storage and the
        // session's settings: each costs a URLCache made anew, most of what
        // starting an in-process server cost.
        let configuration = URLSessionConfiguration.ephemeral
        let cookies = configuration.httpCookieStorage
        guard let (slot, lease) = ProtocolSlots.take(for: engine, cookies: cookies) else {
            throw InProcessServer.StartError(description: "\(ProtocolSlots.classes.count) in-process servers are running at once; "
                                             + "stop one first (servers a trait or withStubServer starts stop when their test ends)")
        }
        self.slot = slot
        self.lease = lease
        self.session = URLSession(configuration: Self.naming(slot, in: configuration))
    }

    deinit { ProtocolSlots.release(slot, lease) }

    /// The codec an in-process engine takes: bodies as URLSession's caller gets them.
    package static var codec: ContentCodec { .decodedByClient }

    /// A new configuration whose sessions the engine answers.
    package var sessionConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        if let cookies = lease.cookies { configuration.httpCookieStorage = cookies }
        return Self.naming(slot, in: configuration)
    }

    /// Whether the engine still answers.
    package var isRunning: Bool { ProtocolSlots.lease(slot) === lease }

    /// Stops answering: sessions that name the class fail each new request,
    /// a request waiting for a delayed answer gets 503 and a stream held open
    /// ends, as over the socket; no task is cancelled.
    package func stop() {
        ProtocolSlots.release(slot, lease)
        lease.stopped()
        session.finishTasksAndInvalidate()
    }

    /// `configuration` naming the slot's class, with no URL cache: answers
    /// in process are never stored there, and a task of a session with a
    /// cache asks it first, on another queue, before each request.
    private static func naming(_ slot: Int, in configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        configuration.protocolClasses = [ProtocolSlots.classes[slot]]
        configuration.urlCache = nil
        return configuration
    }
}
