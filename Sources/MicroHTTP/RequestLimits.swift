internal import CMicroHTTPD

/// How large a request head may be before the server refuses it with its own
/// JSON `414` or `431` naming the limit, and closes the connection.
///
/// libmicrohttpd keeps each request's head in a per-connection memory pool
/// (``DaemonConfiguration/connectionMemoryLimit``, 32 KiB by default) and
/// answers a head that does not fit with its own HTML `431`/`414` before the
/// server sees it. The defaults sit below that, so a request is either served,
/// refused by these limits in JSON, or (far past them) refused by
/// libmicrohttpd: never left hanging. Query parameters cost only their bytes
/// (MicroHTTP parses the query itself), so 16 KiB holds over 2,000 short ones.
public struct RequestLimits: Sendable, Hashable {
    /// The longest request target (path and query, as sent); longer gets `414`.
    public var maxTargetBytes: Int
    /// The most header fields; more gets `431`.
    public var maxHeaderFields: Int
    /// The most bytes of header fields (`name: value` and line end, all
    /// fields together); more gets `431`.
    public var maxHeaderBytes: Int
    /// The most cookies in the `Cookie` headers; more gets `431`.
    public var maxCookies: Int

    /// Creates limits; the defaults serve real clients and refuse floods.
    public init(maxTargetBytes: Int = 16 << 10, maxHeaderFields: Int = 100, maxHeaderBytes: Int = 8 << 10, maxCookies: Int = 100) {
        self.maxTargetBytes = maxTargetBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxHeaderBytes = maxHeaderBytes
        self.maxCookies = maxCookies
    }

    /// The refusal for a request over a limit, or the bytes of the
    /// connection's memory its head holds (see ``ResponseHeadRoom``). Runs
    /// once per request, when its head has arrived.
    func verdict(target: String, connection: OpaquePointer) -> HeadVerdict {
        let targetBytes = target.utf8.count
        if targetBytes > maxTargetBytes {
            return .refused(Self.refuse(414, "URI Too Long", limit: "maxTargetBytes", value: maxTargetBytes, actual: targetBytes,
                                        "the request target is \(targetBytes) bytes; this server accepts at most \(maxTargetBytes)"))
        }
        let head = c_mhd_header_size(connection)
        if head.fields > maxHeaderFields {
            return .refused(Self.refuse(431, "Request Header Fields Too Large", limit: "maxHeaderFields", value: maxHeaderFields,
                                        actual: head.fields, "the request has \(head.fields) header fields; this server accepts at most \(maxHeaderFields)"))
        }
        if head.bytes > maxHeaderBytes {
            return .refused(Self.refuse(431, "Request Header Fields Too Large", limit: "maxHeaderBytes", value: maxHeaderBytes,
                                        actual: head.bytes, "the header fields are \(head.bytes) bytes; this server accepts at most \(maxHeaderBytes)"))
        }
        let cookies = Int(c_mhd_cookie_count(connection))
        if cookies > maxCookies {
            return .refused(Self.refuse(431, "Request Header Fields Too Large", limit: "maxCookies", value: maxCookies,
                                        actual: cookies, "the request has \(cookies) cookies; this server accepts at most \(maxCookies)"))
        }
        return .accepted(heldBytes: ResponseHeadRoom.heldBytes(targetBytes: targetBytes, headerBytes: head.bytes,
                                                               fields: head.fields, cookies: cookies))
    }

    /// What the limits make of a request's head.
    enum HeadVerdict {
        /// Over a limit: answered with this refusal.
        case refused(HTTPResponse)
        /// Within them, holding this many bytes of the connection's memory.
        case accepted(heldBytes: Int)
    }

    /// `{"error":…,"limit":"maxHeaderFields","value":100,"actual":250,"message":…}`, closing the connection.
    private static func refuse(_ status: Int, _ error: String, limit: String, value: Int, actual: Int, _ message: String) -> HTTPResponse {
        HTTPResponse.refusal(status, error, message,
                             fields: [("limit", HTTPResponse.quoted(limit)), ("value", String(value)), ("actual", String(actual))])
    }
}
