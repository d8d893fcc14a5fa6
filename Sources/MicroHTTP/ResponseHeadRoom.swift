/// Whether an answer's head fits in what the request left of its
/// connection's memory, and the refusal a handler's answer becomes when it
/// does not.
///
/// libmicrohttpd writes a response's status line and header fields into the
/// connection's memory pool (``DaemonConfiguration/connectionMemoryLimit``,
/// 32 KiB by default), beside the request's head, which it keeps there until
/// the answer is sent. When the two do not fit together, libmicrohttpd 0.9.75
/// closes the connection without a word ("failed to create response
/// header"): a 20 KB `Understudy-Violations` header beside an 11.6 KB query
/// did that to one of schemathesis's requests. Before an answer is queued,
/// its head is measured against the room left, and one that does not fit is
/// replaced by a JSON `500` that says so (with its largest header field and
/// the sizes), a head of about 200 bytes. A request near every limit at once
/// (16 KB target, 90 fields, 90 cookies) leaves room for no answer at all;
/// libmicrohttpd refuses it with its own `431` before it reaches a handler.
///
/// The measure is libmicrohttpd's, found on 0.9.75 by answering heads of
/// growing size (8-byte steps) to 57 requests of every shape (target up to
/// 16 KB, up to 92 header fields and 7 KB of them, up to 90 cookies): the
/// largest head that fits is 32,618 bytes less the target, the header bytes,
/// 64 bytes per header field and 71 per cookie, to within 5 bytes. The
/// constants here keep about 140 bytes more than that for what
/// libmicrohttpd adds to a head, so an answer refused here would have
/// missed by at most that much.
struct ResponseHeadRoom: Sendable {
    /// The connection's memory, in bytes.
    let connectionMemoryLimit: Int

    /// The bytes a request's head holds: its target, its header fields as
    /// sent, a list entry for each field and each cookie, and the pool's own.
    static func heldBytes(targetBytes: Int, headerBytes: Int, fields: Int, cookies: Int) -> Int {
        targetBytes + headerBytes + fields * bytesPerField + cookies * bytesPerCookie + poolOverhead
    }

    /// A header field's list entry in libmicrohttpd's pool (64 measured).
    static let bytesPerField = 64
    /// A cookie's list entry (71 measured).
    static let bytesPerCookie = 72
    /// What the pool keeps for itself and the request line around the target.
    static let poolOverhead = 128
    /// The head's lines libmicrohttpd adds (status line, `Date`,
    /// `Content-Length` or chunked framing, `Connection`) and the blank line.
    static let addedHeadBytes = 160

    /// The bytes of `headers` as sent: `name: value` and a line end each.
    static func bytes(of headers: [(name: String, value: String)]) -> Int {
        var total = 0
        for header in headers { total &+= header.name.utf8.count &+ header.value.utf8.count &+ 4 }
        return total
    }

    /// The refusal for an answer whose `headers` do not fit beside a request
    /// head holding `heldBytes`, or `nil` when they fit.
    func refusal(headers: [(name: String, value: String)], headerBytes: Int, heldBytes: Int) -> HTTPResponse? {
        let room = connectionMemoryLimit - heldBytes - Self.addedHeadBytes
        guard headerBytes > room else { return nil }
        let largest = headers.max { $0.name.utf8.count + $0.value.utf8.count < $1.name.utf8.count + $1.value.utf8.count }
        let named = largest.map { " (the largest, \($0.name), is \($0.name.utf8.count + $0.value.utf8.count + 4) bytes)" } ?? ""
        return HTTPResponse.refusal(
            500, "Response Header Fields Too Large",
            "the answer's header fields are \(headerBytes) bytes\(named); beside this request's head, "
                + "\(max(room, 0)) bytes of the connection's memory (connectionMemoryLimit \(connectionMemoryLimit)) are left for them",
            fields: [("limit", HTTPResponse.quoted("connectionMemoryLimit")), ("value", String(connectionMemoryLimit)),
                     ("actual", String(headerBytes)), ("room", String(max(room, 0))),
                     ("header", largest.map { HTTPResponse.quoted($0.name) } ?? "null")])
    }
}
