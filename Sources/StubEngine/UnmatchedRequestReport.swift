public import Foundation
public import StubKit

/// What the server says about a request that no stub matched: the request as
/// it arrived and the closest stubs, each with every condition marked matched
/// or not. Sent as the 404 body (JSON) and shown in test failures and logs
/// (``description``).
public struct UnmatchedRequestReport: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The request, echoed.
    public struct Echo: Sendable, Codable, Hashable {
        /// The method.
        public var method: String
        /// The target as sent.
        public var target: String
        /// The decoded path.
        public var path: String
        /// The decoded query items in order.
        public var query: [QueryItem]
        /// The headers in order.
        public var headers: [HTTPHeaders.Field]
        /// The body: UTF-8 text, or base64 when it is not text (see ``bodyEncoding``).
        public var body: String
        /// `utf8` or `base64`.
        public var bodyEncoding: String
    }

    /// A one-line summary.
    public var message: String
    /// The request.
    public var request: Echo
    /// How many stubs the server had.
    public var stubCount: Int
    /// The stubs that came closest, best first (at most three).
    public var closestStubs: [NearMiss]

    /// Builds the report for `request` against a server holding `stubCount`
    /// stubs, of which `closestStubs` came closest.
    public init(request: RecordedRequest, stubCount: Int, closestStubs: [NearMiss] = []) {
        let text = request.bodyText
        self.message = "no stub matched \(request.method) \(request.target)"
        self.request = Echo(
            method: request.method,
            target: request.target,
            path: request.path,
            query: request.query,
            headers: request.headers.fields,
            body: text ?? request.body.base64EncodedString(),
            bodyEncoding: text == nil ? "base64" : "utf8"
        )
        self.stubCount = stubCount
        self.closestStubs = closestStubs
    }

    /// Builds the report, ranking every stub of `table` against `request`.
    /// Only the three closest are described: a table of thousands (a large
    /// WireMock root) is ranked without text for each stub.
    init(request: RecordedRequest, table: RouteTable, counts: AnswerCounts, scenarios: ScenarioBook) {
        var best: [(score: Double, index: Int)] = [] // best first; ties keep declaration order
        var reading = RequestReading() // the body parsed once for all the stubs, not once for each
        for (index, slot) in table.slots.enumerated() {
            let score = NearMiss.score(of: slot, answered: counts.count(index), request: request, scenarios: scenarios, reading: &reading)
            guard score > 0 else { continue } // a stub that matched nothing is not close
            guard best.count < 3 || score > best[best.count - 1].score else { continue }
            let place = best.firstIndex { score > $0.score } ?? best.count
            best.insert((score, index), at: place)
            if best.count > 3 { best.removeLast() }
        }
        let closest = best.map {
            NearMiss(stub: table.stubs[$0.index], answered: counts.count($0.index), request: request, scenarios: scenarios, reading: &reading)
        }
        self.init(request: request, stubCount: table.stubs.count, closestStubs: closest)
    }

    /// The report with the secrets `redaction` names masked: query items in
    /// the target, summary and query, header values, and what arrived in
    /// each near miss's checks.
    public func redacted(by redaction: Redaction) -> UnmatchedRequestReport {
        guard redaction != .none else { return self }
        var copy = self
        let target = redaction.target(request.target)
        copy.message = "no stub matched \(request.method) \(target)"
        copy.request.target = target
        copy.request.query = request.query.map { item in
            redaction.masksQueryItem(item.name) ? QueryItem(name: item.name, value: item.value.map(Redaction.mask)) : item
        }
        copy.request.headers = request.headers.map { HTTPHeaders.Field(name: $0.name, value: redaction.header($0.name, $0.value)) }
        copy.closestStubs = closestStubs.map { miss in
            var masked = miss
            masked.checks = miss.checks.map(redaction.check)
            return masked
        }
        return copy
    }

    /// The report as pretty-printed JSON with sorted keys.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data(message.utf8)
    }

    /// A readable, multi-line form: the request as it arrived, then the stub count.
    public var description: String {
        var lines = ["Understudy: \(message)", "  \(request.method) \(request.target)"]
        lines += request.headers.map { "  \($0.name): \($0.value)" }
        if !request.body.isEmpty {
            lines.append("")
            lines.append("  " + (request.bodyEncoding == "utf8" ? request.body : "(\(request.body.count) base64 characters)"))
        }
        if closestStubs.isEmpty {
            lines.append("  (\(stubCount) stub\(stubCount == 1 ? "" : "s") loaded; none matched)")
        } else {
            lines.append("Closest of \(stubCount) stub\(stubCount == 1 ? "" : "s"):")
            for (rank, miss) in closestStubs.enumerated() {
                // Indented by split and join: Foundation's replacingOccurrences went through NSString,
                // a quarter of the CPU of a server answering unmatched requests and logging them.
                let indented = miss.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
                lines.append("  \(rank + 1). \(indented)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The `Understudy-Mismatch` header value: the summary, plus the closest
    /// stub's first failed condition, with anything that is not printable
    /// ASCII replaced by `?`. The summary (with the request's target) and the
    /// values compared are cut to 300 characters each (`...` and the length), so
    /// the header stays small beside a long request: the answer's head shares
    /// the connection's memory with the request's. The body has them whole.
    public var headerValue: String {
        var text = Self.cut(message)
        if let best = closestStubs.first, let failure = best.failures.first {
            text += "; closest: \(best.stub) at \(best.declaredAt): \(failure.field) expected \(Self.cut(failure.expected)), got \(Self.cut(failure.actual))"
        }
        return String(text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? Character($0) : "?" })
    }

    /// `text`, or its first 300 characters, `...` and its length.
    private static func cut(_ text: String) -> String {
        text.count <= 300 ? text : "\(text.prefix(300))... (\(text.utf8.count) bytes)"
    }
}
