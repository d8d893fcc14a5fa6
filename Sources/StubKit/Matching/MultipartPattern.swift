import Foundation

/// A condition on the parts of a `multipart/*` request (WireMock's
/// `multipartPatterns`): with `.any`, some part meets every header and body
/// condition; with `.all`, every part does. A request that is not multipart
/// meets neither.
///
/// ```swift
/// Post("/upload").multipart(.any(named: "file", filename: "a.txt", body: [.contains("hello")]))
/// ```
public struct MultipartPattern: Sendable, Hashable, CustomStringConvertible {
    /// Which parts must meet the conditions.
    public enum Matching: String, Sendable, Hashable, CaseIterable {
        /// At least one part (WireMock's `ANY`, the default).
        case any = "ANY"
        /// Every part (WireMock's `ALL`).
        case all = "ALL"
    }

    /// Which parts must meet the conditions.
    public var matching: Matching
    /// Conditions on a part's headers (names ignore case).
    public var headers: [FieldMatcher]
    /// Conditions on a part's bytes; all must hold.
    public var body: [BodyMatcher]

    /// A pattern on parts.
    public init(_ matching: Matching = .any, headers: [FieldMatcher] = [], body: [BodyMatcher] = []) {
        self.matching = matching
        self.headers = headers
        self.body = body
    }

    /// Some part named `name` (its `Content-Disposition`), with `filename` when
    /// given, meeting the header and body conditions.
    public static func any(named name: String? = nil, filename: String? = nil, headers: [FieldMatcher] = [], body: [BodyMatcher] = []) -> MultipartPattern {
        MultipartPattern(.any, headers: disposition(name, filename) + headers, body: body)
    }

    /// Every part meeting the header and body conditions.
    public static func all(headers: [FieldMatcher] = [], body: [BodyMatcher] = []) -> MultipartPattern {
        MultipartPattern(.all, headers: headers, body: body)
    }

    private static func disposition(_ name: String?, _ filename: String?) -> [FieldMatcher] {
        var found: [FieldMatcher] = []
        if let name { found.append(FieldMatcher("Content-Disposition", .contains("name=\"\(name)\""))) }
        if let filename { found.append(FieldMatcher("Content-Disposition", .contains("filename=\"\(filename)\""))) }
        return found
    }

    /// Whether `parts` (`nil`: the request is not multipart) meet the pattern.
    public func accepts(_ parts: [MultipartPart]?) -> Bool {
        guard let parts, !parts.isEmpty else { return false }
        switch matching {
        case .any: return parts.contains(where: accepts)
        case .all: return parts.allSatisfy(accepts)
        }
    }

    /// Whether one part meets every header and body condition.
    public func accepts(_ part: MultipartPart) -> Bool {
        headers.allSatisfy { $0.matcher.accepts(part.headers.values(for: $0.name)) } && body.allSatisfy { $0.accepts(part.body) }
    }

    /// What the request had, as a report says it: the parts, and for a
    /// failure the part and condition that failed (`.all`) or each part's
    /// first failed condition (`.any`).
    public func explain(_ parts: [MultipartPart]?) -> String {
        guard let parts else { return "a body that is not multipart" }
        guard !parts.isEmpty else { return "a multipart body with no parts" }
        let failing = parts.compactMap { part in firstFailure(of: part).map { "part \(part): \($0)" } }
        if failing.isEmpty || (matching == .any && failing.count < parts.count) { return "\(parts.count) part\(parts.count == 1 ? "" : "s"): " + parts.map(\.description).joined(separator: ", ") }
        return matching == .all ? failing[0] : failing.joined(separator: "; ")
    }

    private func firstFailure(of part: MultipartPart) -> String? {
        for condition in headers {
            let values = part.headers.values(for: condition.name)
            if !condition.matcher.accepts(values) {
                return "header \(condition.name) expected \(condition.matcher), got " + (values.first.map(quoted) ?? "(absent)")
            }
        }
        for condition in body where !condition.accepts(part.body) {
            return "body expected \(condition), got " + (String(data: part.body.prefix(120), encoding: .utf8).map(quoted) ?? "\(part.body.count) bytes")
        }
        return nil
    }

    /// Why a condition cannot work, or `nil`.
    public var problem: String? {
        let problems = headers.compactMap(\.matcher.problem) + body.compactMap(\.problem)
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// `any part with header Content-Disposition contains "name=\"file\"", body contains "x"`.
    public var description: String {
        let conditions = headers.map { "header \($0)" } + body.map { "body \($0)" }
        return (matching == .any ? "any part" : "every part") + (conditions.isEmpty ? "" : " with " + conditions.joined(separator: ", "))
    }
}
