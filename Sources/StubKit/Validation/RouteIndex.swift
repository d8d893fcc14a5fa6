/// Stubs indexed by path, so that finding the candidates for a request does
/// not look at unrelated stubs; also what the shadowing check walks.
///
/// Literal paths get their whole candidate list (their own stubs plus every
/// template and regex stub that could match them, best first) computed once
/// when the table is built: one dictionary lookup per request. Other paths
/// are matched against templates by literal prefix (`/characters` for
/// `/characters/{id}`), looked up without allocating; regex paths, which have
/// no usable prefix, are the only stubs tried for every request, except
/// that a literal path's list leaves out those that cannot match it (a
/// regex path or URL regex whose literal start it lacks: a WireMock root
/// is mostly `urlPathPattern`s). The stubs
/// array is kept as given, never copied per stub. A class so that a request
/// takes one reference to the current index.
package final class RouteIndex: Sendable {
    /// The stubs, in declaration order; indices below refer to it.
    package let stubs: [Stub]
    private let byLiteral: [String: [Int]]
    private let byPrefix: [Substring: [Int]]
    private let always: [Int]

    /// Indexes `stubs`.
    package init(stubs: [Stub]) {
        self.stubs = stubs
        var byLiteral: [String: [Int]] = [:]
        var byPrefix: [Substring: [Int]] = [:]
        var always: [Int] = []
        for index in stubs.indices {
            switch stubs[index].request.path {
            case .literal(let path): byLiteral[path, default: []].append(index)
            case .template(let template): byPrefix[Substring(template.literalPrefix), default: []].append(index)
            case .regex, .any: always.append(index)
            }
        }
        if !byPrefix.isEmpty || !always.isEmpty {
            for (path, own) in byLiteral {
                let reachable = always.filter { stubs[$0].request.mayMatch(literalPath: path) }
                byLiteral[path] = Self.ordered(own + Self.prefixCandidates(path, byPrefix) + reachable, stubs)
            }
        } else {
            for (path, own) in byLiteral where own.count > 1 { byLiteral[path] = Self.ordered(own, stubs) }
        }
        self.byLiteral = byLiteral
        self.byPrefix = byPrefix.mapValues { Self.ordered($0, stubs) }
        self.always = Self.ordered(always, stubs)
    }

    /// The indices of the stubs that may match `path`, best first: higher
    /// priority, then earlier declaration.
    package func candidates(for path: String) -> [Int] {
        if let known = byLiteral[path] { return known }
        return Self.ordered(Self.prefixCandidates(path, byPrefix) + always, stubs)
    }

    /// The stubs that could answer before the stub at `index` for every
    /// request it matches, best first, ending with the stub itself: the list
    /// a shadowing check has to look at.
    package func rivals(of index: Int) -> [Int] {
        switch stubs[index].request.path {
        case .literal(let path): return byLiteral[path] ?? []
        case .template(let template): return byPrefix[Substring(template.literalPrefix)] ?? []
        case .regex, .any: return always
        }
    }

    /// The template stubs whose literal prefix is `path` up to a `/`, or all of it.
    private static func prefixCandidates(_ path: String, _ byPrefix: [Substring: [Int]]) -> [Int] {
        guard !byPrefix.isEmpty else { return [] }
        var found: [Int] = []
        let utf8 = path.utf8
        for index in utf8.indices where utf8[index] == UInt8(ascii: "/") {
            if let more = byPrefix[Substring(utf8[..<index])] { found += more }
        }
        if let more = byPrefix[Substring(path)] { found += more }
        return found
    }

    private static func ordered(_ indices: [Int], _ stubs: [Stub]) -> [Int] {
        guard indices.count > 1 else { return indices }
        return indices.sorted { a, b in
            let (pa, pb) = (stubs[a].priority, stubs[b].priority)
            return pa != pb ? pa > pb : a < b
        }
    }
}

extension RequestPattern {
    /// Whether a request whose path is `path` could match this pattern, as far
    /// as the literal start of its regex decides; `true` when unsure. Only
    /// prefixes are compared, so indexing thousands of literal paths against
    /// thousands of regex stubs runs no expression. A URL regex is judged
    /// by its anchored literal start: without a `%` in it, a raw target that
    /// starts with it decodes to a path that starts with it too.
    func mayMatch(literalPath path: String) -> Bool {
        switch self.path {
        case .regex(let pattern): return path.utf8.starts(with: pattern.wholeMatchPrefix) // no expression runs here
        case .any:
            for condition in target {
                guard case .matches(let pattern) = condition.matcher, let prefix = pattern.anchoredPrefix,
                      !prefix.contains(UInt8(ascii: "%")) else { continue }
                if !path.utf8.starts(with: prefix) { return false }
            }
            return true
        default: return true
        }
    }
}
