/// The state of one request between libmicrohttpd's callbacks.
///
/// Created when the request line arrives (URI log callback) and released when
/// libmicrohttpd reports the request complete. Confinement: `phase`, `body`,
/// `bodyTooLarge` and `bodyBytesSeen` are touched only by the daemon thread
/// serving the connection; `connection` is immutable; `pending` is written by
/// a ``Responder`` under the core's lock before the connection is resumed, and
/// read by the daemon thread after libmicrohttpd has resumed it.
final class RequestContext: @unchecked Sendable {
    enum Phase { case fresh, receiving, suspended, answered }

    let target: String
    let connection: OpaquePointer
    var phase = Phase.fresh
    var body: [UInt8] = []
    var bodyBytesSeen = 0
    var bodyTooLarge = false
    var pending: Outcome?

    init(target: String, connection: OpaquePointer) {
        self.target = target
        self.connection = connection
    }
}

/// The state of one TCP connection: its number and its peer address, computed
/// once when libmicrohttpd accepts it. Immutable after creation.
final class ConnectionContext: Sendable {
    let id: UInt64
    let remoteAddress: String

    init(id: UInt64, remoteAddress: String) {
        self.id = id
        self.remoteAddress = remoteAddress
    }
}
