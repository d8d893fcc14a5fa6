/// A connection handed over after `101 Switching Protocols` (a WebSocket):
/// raw bytes both ways, no HTTP any more. The transport gives one to the
/// handler of a ``WireReply/upgrade(head:accept:)`` reply.
///
/// Calls may come from any thread; the transport keeps the order of sends
/// and delivers what it receives in order, one call at a time.
public protocol UpgradedChannel: AnyObject, Sendable {
    /// Starts the reading: `received` gets the client's bytes as they come
    /// (any read with the request first), `ended` is called once when the
    /// connection is over: the client closed it, it broke, or ``close()``
    /// closed it. Call once.
    func start(received: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable () -> Void)
    /// Sends `bytes` after what was sent before.
    func send(_ bytes: [UInt8])
    /// Sends what is queued, then closes the connection. Later calls do nothing.
    func close()
    /// Registers `body` to run when the server begins to stop, so the
    /// connection can say goodbye (a WebSocket's 1001) and close.
    func onServerStop(_ body: @escaping @Sendable () -> Void)
}
