import WireClient

/// The verifier's response reader (``WireResponse/parse(_:method:ended:)``)
/// on arbitrary bytes, as a provider might send them: it must return a
/// response, ask for more bytes (only while the connection is open), or
/// refuse with `malformedResponse`; never trap, never spin. A response it
/// reads from a prefix must read the same with the whole. The framing a
/// connection pool relies on (``WireResponse/frame(_:method:ended:)``) ends
/// within the bytes, and a response it would let a connection carry on
/// after reads the same from its own bytes alone. Where the header block is
/// ASCII, the byte reader reads as the string reader it replaced did
/// (``HTTPResponseReference``): the same response, end and reuse, or a refusal
/// where that refused.
enum HTTPResponseFuzz {
    static func run(_ bytes: [UInt8]) {
        for method in ["GET", "HEAD"] {
            compareWithReference(bytes, method: method)
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

    /// The byte reader against the reference, open and closed, when every
    /// byte up to the first blank line (or all, without one) is ASCII: there
    /// the two must agree; beyond ASCII the reference compared Characters.
    private static func compareWithReference(_ bytes: [UInt8], method: String) {
        let blank = (0..<max(0, bytes.count - 3)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
        guard bytes[..<(blank ?? bytes.count)].allSatisfy({ $0 < 0x80 }) else { return }
        for ended in [false, true] {
            let ours = Result { try WireResponse.frame(bytes, method: method, ended: ended) }
            let reference = Result { try HTTPResponseReference.frame(bytes, method: method, ended: ended) }
            switch (ours, reference) {
            case (.success(let mine), .success(let theirs)):
                let same = mine.map { HTTPResponseReference.Framed(response: $0.response, end: $0.end, allowsReuse: $0.allowsReuse) } == theirs
                if !same { fatalError("the byte reader and the reference disagree (ended: \(ended)): \(String(describing: mine?.response)) against \(String(describing: theirs?.response))") }
            case (.failure, .failure):
                break
            default:
                fatalError("one reader refused what the other read (ended: \(ended)): \(ours) against \(reference)")
            }
        }
    }

    private static func check(_ error: WireClientError) {
        guard case .malformedResponse(let why) = error, !why.isEmpty else { fatalError("not a malformed-response error: \(error)") }
    }
}
