public import Foundation
import HTTPWire

/// A request exactly as it goes on the wire: any method (with or without a
/// body), the target as written (path and query, nothing re-encoded), and
/// the headers in their order and case. ``WireClient`` adds only what
/// HTTP/1.1 needs and the request lacks: `Host`, `Content-Length` for a body,
/// and `Connection: close`.
public struct WireRequest: Sendable, Hashable {
    /// The method, sent as given (`GET`, `PROPFIND`, …).
    public var method: String
    /// The request target: the path and query, as written (`/items?q=a%20b&q=c`).
    public var target: String
    /// The header fields, in order, each name in its own case.
    public var headers: [WireField]
    /// The body; sent whatever the method.
    public var body: Data

    /// Creates a request.
    public init(method: String, target: String, headers: [WireField] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (compared without case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// The bytes sent for this request to `authority` (`host:port`): the
    /// request line, the fields with `Host`, `Content-Length` and `Connection`
    /// added where missing, the blank line and the body.
    ///
    /// - Throws: ``WireClientError/unsendable(_:)`` for a method, target or
    ///   field that would break the message's framing (a space in the
    ///   method, a line break anywhere).
    public func encoded(authority: String) throws(WireClientError) -> [UInt8] {
        try encoded(authority: authority, closing: true)
    }

    /// The bytes sent; `closing` adds `Connection: close` where the request
    /// has no `Connection` field (a pooled connection leaves it out).
    func encoded(authority: String, closing: Bool) throws(WireClientError) -> [UInt8] {
        guard !method.isEmpty, method.utf8.allSatisfy(Self.isTokenByte) else {
            throw .unsendable("the method \"\(method)\" is not an HTTP token")
        }
        guard target.hasPrefix("/") || target == "*", !target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .unsendable("the target \"\(target)\" is not an origin-form request target (a space or control character, or no leading /)")
        }
        // Written as bytes into one buffer sized for the whole request.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + method.utf8.count + target.utf8.count + authority.utf8.count
                              + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 } + body.count)
        func line(_ name: String, _ value: String) {
            bytes.append(contentsOf: name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: value.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
        bytes.append(contentsOf: method.utf8)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: target.utf8)
        bytes.append(contentsOf: " HTTP/1.1\r\n".utf8)
        // Which of the fields HTTP/1.1 needs the request already has, in one pass.
        var has = (host: false, length: false, coding: false, connection: false)
        for field in headers {
            let name = field.name
            has.host = has.host || name.caseInsensitiveEquals("Host")
            has.length = has.length || name.caseInsensitiveEquals("Content-Length")
            has.coding = has.coding || name.caseInsensitiveEquals("Transfer-Encoding")
            has.connection = has.connection || name.caseInsensitiveEquals("Connection")
        }
        if !has.host { line("Host", authority) }
        for field in headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(Self.isTokenByte) else {
                throw .unsendable("the header name \"\(field.name)\" is not an HTTP token")
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw .unsendable("the value of header \(field.name) holds a line break")
            }
            line(field.name, field.value)
        }
        if !has.length, !has.coding,
           !body.isEmpty || method.caseInsensitiveEquals("POST") || method.caseInsensitiveEquals("PUT") || method.caseInsensitiveEquals("PATCH") {
            line("Content-Length", String(body.count))
        }
        if closing, !has.connection { line("Connection", "close") }
        bytes.append(contentsOf: "\r\n".utf8)
        bytes.append(contentsOf: body)
        return bytes
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}

/// One header field as sent or received: its name in its own case, its value.
public struct WireField: Sendable, Hashable {
    /// The name, case kept.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
