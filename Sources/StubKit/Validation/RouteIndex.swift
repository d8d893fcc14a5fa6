/// Stubs indexed by path, so that finding the candidates for a request does
/// not look at unrelated stubs; also what the shadowing check walks.
///
/// Literal paths get their whole candidate list (their own stubs plus every
/// template and regex stub that could match them, best first) computed once
/// when the table is built: one dictionary lookup per request. Other paths
/// are matched against templates by literal prefix (`/characters` for
/// `/characters/{id}`), looked up without allocating. Regex and any-path
/// stubs (a WireMock root is mostly `urlPathPattern`s) are left out of a
/// path's list when the path lacks their regex's literal start: for a
/// literal path when its list is built, for any other path by one lookup
/// per distinct start length once there are more than a few of them. The
/// stubs array is kept as given, never copied per stub. A class so that a
/// request takes one reference to the current index.
package final class RouteIndex: Sendable {
    /// The stubs, in declaration order; indices below refer to it.
    package let stubs: [Stub]
    let byLiteral: [String: [Int]]
    let byPrefix: [Substring: [Int]]
    let always: [Int]
    /// The `always` stubs by literal start, when there are many of them.
    private let alwaysByStart: AlwaysByStart?

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
        let alwaysByStart = always.count > Self.alwaysScanLimit ? AlwaysByStart(always, stubs) : nil
        if !byPrefix.isEmpty || !always.isEmpty {
            let starts = alwaysByStart ?? AlwaysByStart(always, stubs)
            for (path, own) in byLiteral {
                let reachable = starts.candidates(for: path).filter { stubs[$0].request.mayMatch(literalPath: path) }
                byLiteral[path] = Self.ordered(own + Self.prefixCandidates(path, byPrefix) + reachable, stubs)
            }
        } else {
            for (path, own) in byLiteral where own.count > 1 { byLiteral[path] = Self.ordered(own, stubs) }
        }
        self.byLiteral = byLiteral
        self.byPrefix = byPrefix.mapValues { Self.ordered($0, stubs) }
        self.always = Self.ordered(always, stubs)
        self.alwaysByStart = alwaysByStart
    }

    /// Up to this many regex and any-path stubs are all tried for a path
    /// with no list of its own; beyond it, only those whose literal start
    /// the path has (one lookup per distinct start length).
    private static let alwaysScanLimit = 16

    /// The indices of the stubs that may match `path`, best first: higher
    /// priority, then earlier declaration.
    package func candidates(for path: String) -> [Int] {
        if let known = byLiteral[path] { return known }
        guard let alwaysByStart else { return Self.ordered(Self.prefixCandidates(path, byPrefix) + always, stubs) }
        return Self.ordered(Self.prefixCandidates(path, byPrefix) + alwaysByStart.candidates(for: path), stubs)
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

    /// `indices` best first: higher priority, then earlier declaration. A
    /// list already in that order (the common case: one priority, positions
    /// gathered in order) is returned as it is.
    static func ordered(_ indices: [Int], _ stubs: [Stub]) -> [Int] {
        guard indices.count > 1 else { return indices }
        func before(_ a: Int, _ b: Int) -> Bool {
            let (pa, pb) = (stubs[a].priority, stubs[b].priority)
            return pa != pb ? pa > pb : a < b
        }
        if zip(indices, indices.dropFirst()).allSatisfy(before) { return indices }
        return indices.sorted(by: before)
    }
}

/// Regex and any-path stubs by the longest literal start a path must have to
/// match them, so that a path finds the few it may reach with one lookup per
/// distinct start length rather than a test of every such stub. The starts
/// are ASCII (a regex's plain characters), so a path's first bytes are
/// looked up as a substring of it, with no allocation.
private struct AlwaysByStart: Sendable {
    private var byStart: [Substring: [Int]] = [:]
    private var lengths: [Int] = []

    init(_ always: [Int], _ stubs: [Stub]) {
        byStart.reserveCapacity(always.count)
        for index in always {
            var longest: [UInt8] = []
            stubs[index].request.forEachRequiredPathStart { if $0.count > longest.count { longest = $0 } }
            byStart[Substring(String(decoding: longest, as: UTF8.self)), default: []].append(index)
            if !lengths.contains(longest.count) { lengths.append(longest.count) }
        }
        lengths.sort()
    }

    /// The stubs whose longest required start `path` has (unordered): a
    /// superset of those ``RequestPattern/mayMatch(literalPath:)`` (which
    /// checks every start) admits, so of those that match.
    func candidates(for path: String) -> [Int] {
        let utf8 = path.utf8
        var found: [Int] = []
        for length in lengths {
            guard length <= utf8.count else { break }
            let start = Substring(utf8[..<utf8.index(utf8.startIndex, offsetBy: length)])
            // A cut inside a multi-byte character is no ASCII start.
            guard start.utf8.count == length, let more = byStart[start] else { continue }
            found += more
        }
        return found
    }
}

extension RequestPattern {
    /// Hands `body` every literal start a path must have to match this
    /// pattern, as far as its regexes' literal starts decide: a regex path's,
    /// and each anchored URL regex's without a `%` (a raw target that starts
    /// with it decodes to a path that starts with it too). None when nothing
    /// is known.
    func forEachRequiredPathStart(_ body: ([UInt8]) -> Void) {
        switch path {
        case .regex(let pattern): body(pattern.wholeMatchPrefix)
        case .any:
            for condition in target {
                guard case .matches(let pattern) = condition.matcher, let prefix = pattern.anchoredPrefix,
                      !prefix.contains(UInt8(ascii: "%")) else { continue }
                body(prefix)
            }
        default: break
        }
    }

    /// Whether a request whose path is `path` could match this pattern, as far
    /// as the literal starts of its regexes decide; `true` when unsure. Only
    /// prefixes are compared, so indexing thousands of literal paths against
    /// thousands of regex stubs runs no expression.
    func mayMatch(literalPath path: String) -> Bool {
        var may = true
        forEachRequiredPathStart { if !path.utf8.starts(with: $0) { may = false } }
        return may
    }
}
