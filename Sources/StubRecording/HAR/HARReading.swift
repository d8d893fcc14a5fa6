import Foundation
import StubKit

/// Reads a HAR document's values, each problem at its JSON pointer's line.
struct HARReading {
    let document: LocatedJSON
    let file: String
    var problems: [StubProblem] = []
    var skipped: [StubProblem] = []
    /// ISO 8601 readers, with fractional seconds and without, made once per
    /// archive: making a formatter (its ICU object) costs far more than
    /// reading a date with it, and each entry has a date.
    private let dates: (fraction: ISO8601DateFormatter, plain: ISO8601DateFormatter)

    init(document: LocatedJSON, file: String) {
        self.document = document
        self.file = file
        let fraction = ISO8601DateFormatter()
        fraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        self.dates = (fraction, ISO8601DateFormatter())
    }

    mutating func archive() -> HARArchive? {
        guard case .object(let top) = document.root else { return fail("", "a HAR file is a JSON object with log") }
        guard case .object(let log)? = top["log"] else { return fail(top["log"] == nil ? "" : "/log", "a HAR file has a log object") }
        var creator = ("", "")
        if case .object(let fields)? = log["creator"] {
            creator = (Self.text(fields["name"]) ?? "", Self.text(fields["version"]) ?? "")
        }
        guard case .array(let items)? = log["entries"] else { return fail("/log", "the log has no entries list") }
        var entries: [HARArchive.Entry] = []
        for (index, item) in items.enumerated() {
            if let entry = entry(item, at: "/log/entries/\(index)") { entries.append(entry) }
        }
        return HARArchive(creator: creator, entries: entries, skipped: skipped)
    }

    private mutating func entry(_ value: JSONValue, at pointer: String) -> HARArchive.Entry? {
        guard case .object(let fields) = value else { return fail(pointer, "an entry is an object") }
        guard case .object(let request)? = fields["request"] else { return fail(pointer, "an entry has a request object") }
        guard case .object(let response)? = fields["response"] else { return fail(pointer, "an entry has a response object") }
        guard let method = Self.text(request["method"]), !method.isEmpty else { return fail(pointer + "/request", "a request has a method") }
        guard let url = Self.text(request["url"]), let parts = URLComponents(string: url), let host = parts.host else {
            return fail(pointer + "/request" + (request["url"] == nil ? "" : "/url"), "a request has an absolute url")
        }
        guard case .number(let code)? = response["status"], let status = Int(exactly: code), (0...999).contains(status) else {
            return fail(pointer + "/response", "a response has a status from 100 to 999")
        }
        guard status >= 100 else {
            var note = problem(pointer + "/response/status", "skipped: \(method) \(url) got no response (status \(status))")
            note.severity = .warning
            skipped.append(note)
            return nil
        }
        var requestHeaders = headers(request["headers"], at: pointer + "/request/headers")
        if !requestHeaders.contains(where: { $0.name.lowercased() == "host" }) {
            requestHeaders.insert(HTTPHeaders.Field(name: "Host", value: host + (parts.port.map { ":\($0)" } ?? "")), at: 0)
        }
        var requestBody = Data()
        if case .object(let post)? = request["postData"] {
            requestBody = body(post, at: pointer + "/request/postData") ?? Data()
            if let type = Self.text(post["mimeType"]), !type.isEmpty, !requestHeaders.contains(where: { $0.name.lowercased() == "content-type" }) {
                requestHeaders.append(HTTPHeaders.Field(name: "Content-Type", value: type))
            }
        }
        let target = (parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath) + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        var responseHeaders = headers(response["headers"], at: pointer + "/response/headers")
        var responseBody = Data()
        if case .object(let content)? = response["content"] {
            responseBody = body(content, at: pointer + "/response/content") ?? Data()
            // HAR keeps the decoded body: the encoding and length it was sent with no longer describe it.
            responseHeaders.removeAll { ["content-encoding", "content-length", "transfer-encoding"].contains($0.name.lowercased()) }
            if let type = Self.text(content["mimeType"]), !type.isEmpty, type != "x-unknown",
               !responseHeaders.contains(where: { $0.name.lowercased() == "content-type" }) {
                responseHeaders.append(HTTPHeaders.Field(name: "Content-Type", value: type))
            }
        }
        let started = Self.text(fields["startedDateTime"]).flatMap(date) ?? Date(timeIntervalSince1970: 0)
        let milliseconds: Double = if case .number(let time)? = fields["time"], time.isFinite { max(0, time) } else { 0 }
        let recorded = RecordedRequest(method: method.uppercased(), target: target, headers: HTTPHeaders(requestHeaders), body: requestBody,
                                       version: Self.text(request["httpVersion"]).map(Self.version) ?? "HTTP/1.1", receivedAt: started)
        return HARArchive.Entry(started: started, milliseconds: milliseconds, request: recorded, url: url,
                                response: StubResponse(status: status, headers: HTTPHeaders(responseHeaders), body: responseBody),
                                statusText: Self.text(response["statusText"]) ?? "")
    }

    /// Headers as `{name, value}` objects or `[name, value]` pairs; HTTP/2 pseudo-headers (`:authority`) left out.
    private mutating func headers(_ value: JSONValue?, at pointer: String) -> [HTTPHeaders.Field] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            problems.append(problem(pointer, "headers are a list"))
            return []
        }
        var fields: [HTTPHeaders.Field] = []
        for (index, item) in items.enumerated() {
            let name: String?, text: String?
            switch item {
            case .object(let pair): (name, text) = (Self.text(pair["name"]), Self.text(pair["value"]) ?? "")
            case .array(let pair) where pair.count == 2: (name, text) = (Self.text(pair[0]), Self.text(pair[1]) ?? "")
            default: (name, text) = (nil, nil)
            }
            guard let name, let text, !name.isEmpty else {
                problems.append(problem("\(pointer)/\(index)", "a header is {\"name\": …, \"value\": …} or [name, value]"))
                continue
            }
            guard !name.hasPrefix(":") else { continue }
            guard Self.sendable(name: name, value: text) else {
                problems.append(problem("\(pointer)/\(index)", "the header \(name) has a name or value HTTP cannot send"))
                continue
            }
            fields.append(HTTPHeaders.Field(name: name, value: text))
        }
        return fields
    }

    /// `text`, base64-decoded when `encoding` says so.
    private mutating func body(_ fields: [String: JSONValue], at pointer: String) -> Data? {
        guard let text = Self.text(fields["text"]) else { return nil }
        switch Self.text(fields["encoding"])?.lowercased() {
        case nil, ""?: return Data(text.utf8)
        case "base64"?:
            guard let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                problems.append(problem(pointer + "/text", "the text is not base64, as encoding says"))
                return nil
            }
            return bytes
        case let other?:
            problems.append(problem(pointer + "/encoding", "unknown encoding \(other); HAR bodies are text or base64"))
            return nil
        }
    }

    private func problem(_ pointer: String, _ message: String) -> StubProblem {
        let place = document.position(of: pointer)
        return StubProblem(file: file, line: place.line, column: place.column, key: pointer.isEmpty ? "/" : pointer, message: message)
    }

    private mutating func fail<Value>(_ pointer: String, _ message: String) -> Value? {
        problems.append(problem(pointer, message))
        return nil
    }

    /// A string, or `nil` for anything else (`null` included).
    static func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// Whether a header can go on the wire: a token for a name, no CR, LF or NUL in the value.
    static func sendable(name: String, value: String) -> Bool {
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        return name.unicodeScalars.allSatisfy(token.contains) && !value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }

    /// `HTTP/1.1`, `http/2.0` → `HTTP/2`.
    static func version(_ text: String) -> String {
        let upper = text.uppercased()
        return upper.hasPrefix("HTTP/2") ? "HTTP/2" : upper.hasPrefix("HTTP/") ? upper : "HTTP/1.1"
    }

    /// ISO 8601 with or without fractional seconds.
    func date(_ text: String) -> Date? {
        dates.fraction.date(from: text) ?? dates.plain.date(from: text)
    }
}
