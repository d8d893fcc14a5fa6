internal import CMicroHTTPD

/// Refuses requests whose body framing is ambiguous, before any body is read.
///
/// libmicrohttpd 0.9.75 accepts `Content-Length` together with
/// `Transfer-Encoding: chunked` (the chunked framing wins), several
/// `Content-Length` headers (the first wins), and a `Transfer-Encoding` it
/// does not know. A proxy in front that picks the other reading sees a
/// different request boundary: the classic request-smuggling set-up (RFC 9112
/// §6.1 and §6.3). A test double should refuse them loudly, so these get a 400
/// (or 501 for an unknown coding) and the connection is closed.
enum FramingCheck {
    /// How a request's body is framed, read once per request.
    enum Verdict {
        /// Sound: the declared `Content-Length`, if any (nil for chunked or no body).
        case sound(declaredLength: Int?)
        /// Ambiguous: the response refusing it.
        case refused(HTTPResponse)
    }

    /// The verdict on the request's framing headers.
    static func verdict(_ connection: OpaquePointer) -> Verdict {
        let encoding = MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding").map { String(cString: $0) }
        let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length").map { String(cString: $0) }
        guard encoding != nil || length != nil else { return .sound(declaredLength: nil) }
        if let encoding {
            if length != nil {
                return refuse(400, "the request has both Content-Length and Transfer-Encoding; send one (RFC 9112 §6.1)")
            }
            if c_mhd_header_count(connection, "Transfer-Encoding") > 1 || !encoding.trimmingSpaces.caseInsensitiveEquals("chunked") {
                return refuse(501, "Transfer-Encoding \"\(encoding)\" is not supported; only a single \"chunked\" is")
            }
            return .sound(declaredLength: nil)
        }
        if let length, c_mhd_header_count(connection, "Content-Length") > 1 || length.utf8.contains(UInt8(ascii: ",")) {
            return refuse(400, "the request has more than one Content-Length (RFC 9112 §6.3)")
        }
        return .sound(declaredLength: length.flatMap { Int($0.trimmingSpaces) })
    }

    private static func refuse(_ status: Int, _ reason: String) -> Verdict {
        .refused(HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")],
            text: "\(status) \(status == 400 ? "Bad Request" : "Not Implemented"): \(reason).\n"
        ))
    }
}
