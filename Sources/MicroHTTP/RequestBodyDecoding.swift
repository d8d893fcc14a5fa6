internal import CMicroHTTPD
internal import HTTPCoding

extension DaemonCore {
    /// Removes the body's `Content-Encoding` (gzip, deflate, identity; a list
    /// is undone last coding first), so handlers match what was meant; the
    /// header stays as sent. The refusal, when the body cannot be decoded:
    /// 415 for an unknown coding, 400 for corrupt data. An empty body (a GET
    /// whose client always sends the header) has nothing to decode.
    func decodeBody(_ context: RequestContext) -> HTTPResponse? {
        guard !context.body.isEmpty,
              let header = MHD_lookup_connection_value(context.connection, .HEADER_KIND, "Content-Encoding").map({ String(cString: $0) })
        else { return nil }
        let names = header.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.caseInsensitiveEquals("identity") && !$0.isEmpty }
        for name in names.reversed() {
            guard let coding = ContentCoding(name: name) else {
                return HTTPResponse.refusal(415, "Unsupported Media Type", "the request body's Content-Encoding \"\(name)\" is not supported; send gzip, deflate or identity")
            }
            do {
                context.body = try coding.decode(context.body, limit: maxBodySize)
            } catch {
                return HTTPResponse.refusal(400, "Bad Request", "the request body is not valid \(coding.rawValue): \(error)")
            }
        }
        return nil
    }
}
