import WireClient

/// The verifier's response reader (``WireResponse/parse(_:method:ended:)``)
/// on arbitrary bytes, as a provider might send them: it must return a
/// response, ask for more bytes (only while the connection is open), or
/// refuse with `malformedResponse`; never trap, never spin. A response it
/// reads from a prefix must read the same with the whole. The framing a
/// connection pool relies on (``WireResponse/frame(_:method:ended:)``) ends
/// within the bytes, and a response it would let a connection carry on
/// after reads the same from its own bytes alone.
enum HTTPResponseFuzz {
    static func run(_ bytes: [UInt8]) {
        for method in ["GET", "HEAD"] {
            let open: WireResponse?
            do {
                open = try WireResponse.parse(bytes, method: method, ended: false)
            } catch {
                check(error)
                continue
            }
            if let framed = try? WireResponse.frame(bytes, method: method, ended: false) {
                if framed.end > bytes.count || framed.response != open { fatalError("framing disagrees with parse: end \(framed.end) of \(bytes.count)") }
                if framed.allowsReuse, (try? WireResponse.frame(Array(bytes[..<framed.end]), method: method, ended: false))?.response != open {
                    fatalError("a reusable response does not read the same from its own \(framed.end) bytes")
                }
            }
            do {
                let closed = try WireResponse.parse(bytes, method: method, ended: true)
                if let open, closed != open { fatalError("the same bytes read differently once the connection closed") }
                if closed == nil { fatalError("a closed connection must give a response or an error") }
            } catch {
                check(error)
                if open != nil { fatalError("a response read while open is refused once closed: \(error)") }
            }
        }
    }

    private static func check(_ error: WireClientError) {
        guard case .malformedResponse(let why) = error, !why.isEmpty else { fatalError("not a malformed-response error: \(error)") }
    }
}
