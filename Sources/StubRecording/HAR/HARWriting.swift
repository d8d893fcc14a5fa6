public import StubKit
public import Foundation

extension HARArchive {
    /// The journal's entries as an archive: each request with the response
    /// it got. A response the server did not keep (it keeps them while
    /// recording, with a contract, or when told to: `keepsServedResponses`,
    /// `serve --keep-responses`) has its status and an empty content with a
    /// comment saying so. URLs are `base` plus each request's target.
    public init(journal: [JournalEntry], base: URL) {
        let root = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        let entries = journal.compactMap { entry -> Entry? in
            guard let status = entry.served?.status ?? entry.status else { return nil }
            let milliseconds = entry.duration.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 } ?? 0
            var made = Entry(started: entry.request.receivedAt, milliseconds: milliseconds, request: entry.request, url: root + entry.request.target,
                             response: entry.served ?? StubResponse(status: status))
            made.bodyKept = entry.served != nil
            return made
        }
        let left = journal.filter { ($0.served?.status ?? $0.status) == nil }.map { entry in
            StubProblem(pointer: "", message: "\(entry.request.method) \(entry.request.target) has no response (the client hung up first)")
        }
        self.init(entries: entries, skipped: left)
    }

    /// The archive as HAR 1.2 JSON, secrets masked by `redaction` in URLs,
    /// query strings and headers.
    public func json(redaction: Redaction = .secrets) -> Data {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var written: [JSONValue] = []
        for entry in entries {
            written.append(.object([
                "startedDateTime": .string(formatter.string(from: entry.started)),
                "time": .number(entry.milliseconds),
                "request": request(entry, redaction: redaction),
                "response": response(entry, redaction: redaction),
                "cache": .object([:]),
                "timings": .object(["send": 0, "wait": .number(entry.milliseconds), "receive": 0]),
            ]))
        }
        let log: JSONValue = .object(["log": .object([
            "version": "1.2",
            "creator": .object(["name": .string(creator.name), "version": .string(creator.version)]),
            "entries": .array(written),
        ])])
        return Data(log.description.utf8)
    }

    private func request(_ entry: Entry, redaction: Redaction) -> JSONValue {
        let request = entry.request
        let masked = Self.maskedTarget(request.target, redaction: redaction)
        let url = entry.url.hasSuffix(request.target) ? String(entry.url.dropLast(request.target.count)) + masked : entry.url
        var fields: [String: JSONValue] = [
            "method": .string(request.method), "url": .string(url), "httpVersion": .string(request.version),
            "cookies": .array([]), "headers": Self.headers(request.headers, redaction: redaction),
            "queryString": .array(request.query.map { item in
                .object(["name": .string(item.name),
                         "value": .string(item.value.map { redaction.masksQueryItem(item.name) ? Redaction.mask($0) : $0 } ?? "")])
            }),
            "headersSize": -1, "bodySize": .number(Double(request.body.count)),
        ]
        if !request.body.isEmpty {
            var post = Self.content(request.body)
            post["mimeType"] = .string(request.headers["Content-Type"] ?? "application/octet-stream")
            post["size"] = nil
            post["params"] = .array([])
            fields["postData"] = .object(post)
        }
        return .object(fields)
    }

    private func response(_ entry: Entry, redaction: Redaction) -> JSONValue {
        let response = entry.response, bodyKept = entry.bodyKept
        var content = Self.content(response.body)
        content["mimeType"] = .string(response.headers["Content-Type"] ?? "")
        if !bodyKept { content["comment"] = "the server did not keep this response's body (serve --keep-responses keeps it)" }
        return .object([
            "status": .number(Double(response.status)), "statusText": .string(entry.statusText), "httpVersion": "HTTP/1.1",
            "cookies": .array([]), "headers": Self.headers(response.headers, redaction: redaction),
            "content": .object(content), "redirectURL": .string(response.headers["Location"] ?? ""),
            "headersSize": -1, "bodySize": .number(Double(bodyKept ? response.body.count : -1)),
        ])
    }

    /// `target` with each secret query value masked, percent-encoded so the URL stays a URL.
    static func maskedTarget(_ target: String, redaction: Redaction) -> String {
        guard let question = target.firstIndex(of: "?") else { return target }
        let pieces = target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { piece -> String in
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            guard parts.count == 2, redaction.masksQueryItem(name) else { return String(piece) }
            let value = String(parts[1]).removingPercentEncoding ?? String(parts[1])
            return parts[0] + "=" + (Redaction.mask(value).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        return target[..<question] + "?" + pieces.joined(separator: "&")
    }

    /// `size` and `text`, base64 (with `encoding`) unless the bytes are UTF-8.
    private static func content(_ body: Data) -> [String: JSONValue] {
        var content: [String: JSONValue] = ["size": .number(Double(body.count))]
        guard !body.isEmpty else { return content }
        if let text = String(data: body, encoding: .utf8), !text.unicodeScalars.contains(where: { $0.value == 0 }) {
            content["text"] = .string(text)
        } else {
            content["text"] = .string(body.base64EncodedString())
            content["encoding"] = "base64"
        }
        return content
    }

    private static func headers(_ headers: HTTPHeaders, redaction: Redaction) -> JSONValue {
        .array(headers.fields.map { .object(["name": .string($0.name), "value": .string(redaction.header($0.name, $0.value))]) })
    }
}
