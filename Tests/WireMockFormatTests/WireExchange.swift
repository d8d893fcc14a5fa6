import Foundation
import UnderstudyTestSupport

/// One request sent as raw HTTP/1.1 and what came back, reduced to what two
/// servers must agree on.
struct WireExchange: CustomStringConvertible {
    /// `GET /path|Header: value|…|body`: the request line's method and target,
    /// then headers, then (when the last part is not a header) the body.
    let line: String

    var method: String { CorpusLine(line).method }
    var target: String { CorpusLine(line).target }
    var headers: [String] { CorpusLine(line).headers }
    var body: String? { CorpusLine(line).body }

    var description: String { line }

    /// The bytes of the request.
    var raw: String {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for header in headers { text += header + "\r\n" }
        if let body {
            text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        } else {
            text += "\r\n"
        }
        return text
    }

    /// Sends the request to `port` and reads the answer until the server closes.
    func send(to port: Int) async throws -> WireAnswer {
        let socket = try RawSocket(port: port)
        try socket.send(raw)
        return WireAnswer(await socket.receive())
    }
}

/// An answer as far as a client can tell: a response, or a broken connection.
struct WireAnswer: Equatable, CustomStringConvertible {
    enum Kind: Equatable { case response, empty, reset, garbage, malformedChunk }
    var kind: Kind
    var status = 0
    var headers: [(String, String)] = []
    var body: [UInt8] = []

    static func == (a: WireAnswer, b: WireAnswer) -> Bool {
        a.kind == b.kind && a.status == b.status && a.body == b.body
    }

    init(_ result: ReceiveResult) {
        let bytes = result.bytes
        guard !bytes.isEmpty else {
            kind = result.ending == .reset ? .reset : .empty
            return
        }
        guard let text = String(bytes: bytes, encoding: .utf8) ?? Optional(String(decoding: bytes, as: UTF8.self)),
              text.hasPrefix("HTTP/1."), let headEnd = text.range(of: "\r\n\r\n") else {
            kind = .garbage
            return
        }
        let lines = text[..<headEnd.lowerBound].components(separatedBy: "\r\n")
        status = Int(lines[0].split(separator: " ")[1]) ?? 0
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let start = text.utf8.distance(from: text.utf8.startIndex, to: headEnd.upperBound)
        var rest = Array(bytes[start...])
        kind = .response
        if header("Transfer-Encoding")?.lowercased() == "chunked" {
            guard let decoded = Self.dechunk(rest) else {
                kind = .malformedChunk
                return
            }
            rest = decoded
        }
        body = rest
    }

    /// Every value of the header `name` (any case), in order.
    func values(_ name: String) -> [String] { headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1) }
    func header(_ name: String) -> String? { values(name).first }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let end = (index..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                  let size = Int(String(decoding: bytes[index..<end], as: UTF8.self).split(separator: ";")[0]
                    .trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            if size == 0 { return out }
            let start = end + 2
            guard start + size <= bytes.count else { return nil }
            out += bytes[start..<start + size]
            index = start + size + 2
        }
        return nil
    }

    var description: String {
        switch kind {
        case .response:
            let text = String(decoding: body.prefix(120), as: UTF8.self)
            return "\(status) \(headers.map { "\($0.0): \($0.1)" }.joined(separator: "; ")) | \(text)"
        default: return "\(kind)"
        }
    }
}
