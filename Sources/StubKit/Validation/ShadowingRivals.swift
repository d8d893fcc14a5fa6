/// For each stub a shadowing check looks at, the stubs that could answer
/// before it for every request it matches, best first, ending with the stub
/// itself: a superset of those that do (the check decides).
///
/// - A literal path's rivals are the stubs its route list holds: the same
///   path, templates, and regex or any-path stubs whose literal starts it has.
/// - A template's are the templates with its literal prefix.
/// - A regex or any-path stub's are the regex and any-path stubs whose path is
///   any or its own and whose first target condition (if any) is one of its
///   own: every other stub fails the check's path or condition test.
///
/// Checking many stubs (a WireMock root of thousands of `urlPathPattern`s)
/// looks them up in a ``RouteIndex``, in linear time, not by comparing every
/// pair. Checking a few (a stub added at run time) scans the stubs for them,
/// so a change builds no index before a request needs one.
package struct ShadowingRivals {
    /// Beyond this many checked stubs, rivals are looked up in an index.
    package static let scanLimit = 8

    /// The stubs, in declaration order; positions refer to it.
    let stubs: [Stub]
    private let lookup: Lookup

    private enum Lookup {
        /// Looked up in the index; regex and any-path stubs by ``Key``.
        case keyed(RouteIndex, [Key: [Int]])
        /// Scanned for among the stubs at these positions.
        case scan(Range<Int>)
    }

    /// Rivals looked up in `index`, for a check of many of its stubs.
    package init(index: RouteIndex) {
        var byKey: [Key: [Int]] = [:]
        for position in index.always { byKey[Key(index.stubs[position].request), default: []].append(position) }
        self.stubs = index.stubs
        self.lookup = .keyed(index, byKey)
    }

    /// Rivals scanned for among `stubs` (only those at `positions`, when
    /// the caller knows no other can be one), for a check of a few of them.
    package init(scanning stubs: [Stub], positions: Range<Int>? = nil) {
        self.stubs = stubs
        self.lookup = .scan(positions ?? stubs.indices)
    }

    /// The rivals of the stub at `position`, best first, ending with it.
    package func of(_ position: Int) -> [Int] {
        switch lookup {
        case .scan(let scanned):
            let (pattern, priority) = (stubs[position].request, stubs[position].priority)
            var found: [Int] = []
            // Priorities first, read in place: a stub put first (a posted
            // mapping) rivals only the few with a higher priority.
            for other in scanned where other != position {
                let rivalPriority = stubs[other].priority
                guard rivalPriority > priority || (rivalPriority == priority && other < position),
                      Self.mayShadow(stubs[other].request, pattern) else { continue }
                found.append(other)
            }
            found.append(position)
            return RouteIndex.ordered(found, stubs)
        case .keyed(let index, let byKey):
            let request = stubs[position].request
            switch request.path {
            case .literal(let path): return index.byLiteral[path] ?? []
            case .template(let template): return index.byPrefix[Substring(template.literalPrefix)] ?? []
            case .regex, .any: return RouteIndex.ordered(Key.shadowing(request).flatMap { byKey[$0] ?? [] }, stubs)
            }
        }
    }

    /// Whether a stub with `other` is among the rivals of one with `pattern`
    /// (see the type's description), reading both in place.
    static func mayShadow(_ other: RequestPattern, _ pattern: RequestPattern) -> Bool {
        switch pattern.path {
        case .literal(let path):
            switch other.path {
            case .literal(let own): return own == path
            case .template(let template): return path.hasPrefix(template.literalPrefix)
            case .regex, .any: return other.mayMatch(literalPath: path)
            }
        case .template(let template):
            guard case .template(let own) = other.path else { return false }
            return own.literalPrefix == template.literalPrefix
        case .regex, .any:
            return Key.mayShadow(other, pattern)
        }
    }

    /// What a regex or any-path stub shows a later one: its path and its first target condition.
    struct Key: Hashable {
        var path: PathPattern
        var firstTarget: TargetMatcher?

        init(_ pattern: RequestPattern) {
            path = pattern.path
            firstTarget = pattern.target.first
        }

        init(path: PathPattern, firstTarget: TargetMatcher?) {
            self.path = path
            self.firstTarget = firstTarget
        }

        /// Whether a regex or any-path stub with `other` may shadow one with
        /// `pattern`: its path is any or the same, and its first target
        /// condition (if any) is one of `pattern`'s. ``shadowing(_:)`` lists
        /// the keys this admits, for a lookup; this reads the two patterns in
        /// place, for a scan.
        static func mayShadow(_ other: RequestPattern, _ pattern: RequestPattern) -> Bool {
            switch other.path {
            case .any: break
            case .regex: guard other.path == pattern.path else { return false }
            case .literal, .template: return false
            }
            return other.target.isEmpty || pattern.target.contains(other.target[0])
        }

        /// The keys of the stubs that may shadow one with `pattern` (see ``mayShadow(_:_:)``).
        static func shadowing(_ pattern: RequestPattern) -> [Key] {
            let paths: [PathPattern] = pattern.path == .any ? [.any] : [.any, pattern.path]
            var targets: [TargetMatcher?] = [nil]
            for target in pattern.target where !targets.contains(target) { targets.append(target) }
            return paths.flatMap { path in targets.map { Key(path: path, firstTarget: $0) } }
        }
    }
}
