internal import CMicroHTTPD

/// Over TLS, an answer's head and body in one TCP segment.
///
/// libmicrohttpd 0.9.75 writes a TLS answer's head and body as two records in
/// two `sendmsg` calls, and pushes the head alone once the answer reaches
/// 1,400 bytes: two segments, and the client's acknowledgement of the first,
/// where plain HTTP sends one. Each TLS connection sends through
/// `c_tls_send` (the C shim), which holds a marked record for the next one;
/// the daemon marks the head of each answer libmicrohttpd sends its body
/// right after. Plain connections have no sender and are untouched.
enum TLSAnswerSegments {
    /// Whether libmicrohttpd sends a body straight after the head of an
    /// answer of `status` with `bodyCount` bytes in memory: not for 1xx, 204
    /// or 304, nor for HEAD or CONNECT (`noBody`), as `is_reply_body_needed`
    /// in 0.9.75 decides.
    static func bodyFollowsHead(status: Int, bodyCount: Int, noBody: Bool) -> Bool {
        bodyCount > 0 && !noBody && status >= 200 && status != 204 && status != 304
    }

    /// Marks the connection's next record as the head of `response`, when
    /// its body follows at once.
    static func mark(_ response: HTTPResponse, _ context: RequestContext) {
        guard let sender = context.peer?.tlsSender,
              bodyFollowsHead(status: response.status, bodyCount: response.body.count, noBody: context.answerHasNoBody)
        else { return }
        c_tls_hold_next(sender)
    }

    /// At the request's completion: `true` when a held head had no record
    /// after it and was sent on alone (which the rule above should never let
    /// happen; counted by the daemon).
    static func settle(_ context: RequestContext) -> Bool {
        guard let sender = context.peer?.tlsSender else { return false }
        return c_tls_push_held(sender) != 0
    }
}
