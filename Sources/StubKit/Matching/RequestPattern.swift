import Foundation

/// The conditions a request must meet for a stub to answer it.
public struct RequestPattern: Sendable, CustomStringConvertible {
    /// The method to match, or `nil` for any method.
    public var method: HTTPMethod?
    /// The path to match.
    public var path: PathPattern
    /// Conditions on the raw target as sent (see ``TargetMatcher``).
    public var target: [TargetMatcher] = []
    /// Conditions on query parameters (names are exact).
    public var query: [FieldMatcher] = []
    /// Conditions on headers (names ignore case).
    public var headers: [FieldMatcher] = []
    /// Conditions on cookies from the `Cookie` header.
    public var cookies: [FieldMatcher] = []
    /// Conditions on the fields of an `application/x-www-form-urlencoded`
    /// body (names are exact; order-free; every value of a repeated name).
    public var form: [FieldMatcher] = []
    /// Conditions on the body.
    public var body: [BodyMatcher] = []
    /// Conditions on the parts of a `multipart/*` body; all must hold.
    public var multipart: [MultipartPattern] = []
    /// Custom conditions.
    public var predicates: [RequestPredicate] = []

    /// Creates a pattern on method and path; add conditions through the properties.
    public init(method: HTTPMethod?, path: PathPattern) {
        self.method = method
        self.path = path
    }

    /// The path captures when every condition holds, else `nil`.
    public func match(_ request: RecordedRequest) -> [String: String]? {
        var reading = RequestReading()
        return match(request, reading: &reading)
    }

    /// ``match(_:)``, reading the query, cookies, form fields and body
    /// through `reading`, which every pattern tried against `request` shares.
    package func match(_ request: RecordedRequest, reading: inout RequestReading) -> [String: String]? {
        if let method, method.rawValue != request.method { return nil }
        guard let captures = path.match(request.path) else { return nil }
        for index in target.indices where !target[index].accepts(request, reading: &reading) { return nil }
        if !query.isEmpty {
            let items = reading.query(request)
            for condition in query where !condition.matcher.accepts(items.values(named: condition.name)) { return nil }
        }
        for condition in headers where !condition.matcher.accepts(request.headers.values(for: condition.name)) { return nil }
        if !cookies.isEmpty {
            let jar = reading.cookies(request)
            for condition in cookies where !condition.matcher.accepts(jar.values(named: condition.name)) { return nil }
        }
        if !form.isEmpty {
            let fields = reading.formFields(request)
            for condition in form where !condition.matcher.accepts(fields.values(named: condition.name)) { return nil }
        }
        for condition in body where !condition.accepts(request.body, reading: &reading) { return nil }
        if !multipart.isEmpty {
            let parts = MultipartBody.parts(contentType: request.headers["Content-Type"], body: request.body)
            for condition in multipart where !condition.accepts(parts) { return nil }
        }
        for predicate in predicates where !predicate.test(request) { return nil }
        return captures
    }

    /// Every condition checked against `request`, matched or not, in the order
    /// method, path, query, headers, cookies, form fields, body, predicates.
    /// A pattern for any path whose URL is constrained by a ``TargetMatcher``
    /// has that check instead of a path check.
    public func checks(against request: RecordedRequest) -> [FieldCheck] {
        var checks: [FieldCheck] = []
        var reading = RequestReading()
        visitChecks(against: request, describing: true, reading: &reading) { checks.append($0) }
        return checks
    }

    /// Hands each of ``checks(against:)`` to `visit`, in order; unless
    /// `describing`, only each check's `matched` and the `field` of the path and the URL are
    /// filled in: what ranking every stub of a large table for a near-miss
    /// report needs, without text or an array for each. The request's parts
    /// are read through `reading`, which every pattern ranked against it shares.
    package func visitChecks(against request: RecordedRequest, describing: Bool, reading: inout RequestReading, _ visit: (FieldCheck) -> Void) {
        func check(_ field: @autoclosure () -> String, _ expected: @autoclosure () -> String, _ actual: @autoclosure () -> String,
                   _ matched: Bool) {
            visit(describing ? FieldCheck(field: field(), expected: expected(), actual: actual(), matched: matched)
                  : FieldCheck(field: "", expected: "", actual: "", matched: matched))
        }
        func fieldChecks(_ kind: String, _ conditions: [FieldMatcher], _ values: (String) -> [String], note: (String) -> String = { $0 }) {
            for condition in conditions {
                let found = values(condition.name)
                let matched = condition.matcher.accepts(found)
                check("\(kind) \(condition.name)", condition.matcher.description, matched ? Self.show(found) : note(Self.show(found)), matched)
            }
        }
        if let method { check("method", method.rawValue, request.method, method.rawValue == request.method) }
        // Any path, with the URL or its path constrained by a target condition
        // (WireMock's urlPattern, urlPathPattern): that condition is the path's
        // check, and "(any path)" would be a condition every request meets.
        if !(path == .any && !target.isEmpty) {
            visit(FieldCheck(field: "path", expected: describing ? path.description : "", actual: describing ? request.path : "",
                             matched: path.match(request.path) != nil))
        }
        for index in target.indices { visit(target[index].check(request, describing: describing, reading: &reading)) }
        if !query.isEmpty {
            let items = reading.query(request)
            fieldChecks("query", query) { items.values(named: $0) }
        }
        fieldChecks("header", headers) { request.headers.values(for: $0) }
        if !cookies.isEmpty {
            let jar = reading.cookies(request)
            fieldChecks("cookie", cookies) { jar.values(named: $0) }
        }
        if !form.isEmpty {
            let fields = reading.formFields(request)
            fieldChecks("form", form, { fields.values(named: $0) }) { shown in
                guard fields.isEmpty, let type = request.headers["Content-Type"], !RecordedRequest.isForm(type) else { return shown }
                return shown + " (the body is \(type), not a form)"
            }
        }
        for condition in body {
            let matched = condition.accepts(request.body, reading: &reading)
            check("body", condition.description, bodyShown(request, condition, matched), matched)
        }
        if !multipart.isEmpty {
            let parts = MultipartBody.parts(contentType: request.headers["Content-Type"], body: request.body)
            for condition in multipart {
                check("multipart", condition.description, condition.explain(parts), condition.accepts(parts))
            }
        }
        for predicate in predicates {
            let passed = predicate.test(request)
            check("predicate", predicate.description, passed ? "true" : "false", passed)
        }
    }

    /// The body as a check shows it: quoted text cut at 200 characters, or
    /// the XML element that differs.
    private func bodyShown(_ request: RecordedRequest, _ condition: BodyMatcher, _ matched: Bool) -> String {
        if !matched, case .value(let matcher) = condition, let detail = matcher.mismatch(String(decoding: request.body, as: UTF8.self)) {
            return detail
        }
        if request.body.isEmpty { return "(empty)" }
        return request.bodyText.map { $0.count > 200 ? quoted(String($0.prefix(200))) + "…" : quoted($0) } ?? "\(request.body.count) bytes"
    }

    /// Why the pattern cannot work (a bad path, regex or JSON path), or `nil`.
    public var problem: String? {
        var found: [String] = []
        if let problem = path.problem { found.append(problem) }
        for condition in target { if let problem = condition.matcher.problem { found.append(problem) } }
        for condition in query + headers + cookies + form {
            if let problem = condition.matcher.problem { found.append(problem) }
        }
        for condition in body { if let problem = condition.problem { found.append(problem) } }
        for condition in multipart { if let problem = condition.problem { found.append(problem) } }
        return found.isEmpty ? nil : found.joined(separator: "; ")
    }

    /// `METHOD path` plus the number of further conditions.
    public var description: String {
        let counts: [Int] = [target.count, query.count, headers.count, cookies.count, form.count, body.count, multipart.count, predicates.count]
        let extra = counts.reduce(0, +)
        let head = "\(method?.rawValue ?? "*") \(path)"
        guard extra > 0 else { return head }
        return "\(head) (+\(extra) condition\(extra == 1 ? "" : "s"))"
    }

    /// `METHOD path` and every condition spelled out, for failure messages:
    /// `GET /characters where query nameStartsWith == "Spi", header Accept present`.
    public var detailedDescription: String {
        var conditions = target.map(\.description) + query.map { "query \($0)" } + headers.map { "header \($0)" } + cookies.map { "cookie \($0)" }
        conditions += form.map { "form \($0)" } + body.map { "body \($0)" } + multipart.map { "multipart \($0)" } + predicates.map { "predicate \($0)" }
        let head = "\(method?.rawValue ?? "*") \(path)"
        return conditions.isEmpty ? head : head + " where " + conditions.joined(separator: ", ")
    }

    private static func show(_ values: [String]) -> String {
        switch values.count {
        case 0: return "(absent)"
        case 1: return quoted(values[0])
        default: return "[" + values.map(quoted).joined(separator: ", ") + "]"
        }
    }
}

extension [QueryItem] {
    /// The values of every item named `name` (`""` for an item without `=`).
    func values(named name: String) -> [String] {
        compactMap { $0.name == name ? ($0.value ?? "") : nil }
    }
}
