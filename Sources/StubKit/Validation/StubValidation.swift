package import Foundation

/// The checks every list of stubs passes before it is served, whoever built
/// it (the DSL, a spec file, a foreign format): bad patterns, duplicate ids,
/// unreadable or escaping fixtures, and stubs that can never match because
/// an earlier, broader one always answers first. Reads fixture files.
package enum StubValidation {
    /// Stubs that passed: their route index, when the check built one, and
    /// the recipes whose fixture files were read.
    package struct Checked: Sendable {
        /// The stubs, indexed by path; `nil` when the check needed no index
        /// (it checked a few stubs, and scanned for their rivals).
        package let index: RouteIndex?
        /// By position, the recipe with fixture files read, for each stub
        /// checked here whose recipe reads any.
        package let resolvedRecipes: [Int: ResponseRecipe]
    }

    /// Checks `stubs`, reading fixtures relative to `fixtures`; throws
    /// ``StubValidationError`` listing every problem. Stubs named in
    /// `overridable` (already served, and kept by a change) may be shadowed:
    /// overriding one at run time with a higher-priority stub is the point
    /// of the change. `alreadyChecked` marks, by position (empty, or one
    /// entry per stub), the stubs already checked and served (a change keeps
    /// them): their fixtures are not read again, and they may be shadowed, as
    /// `overridable` ones may.
    package static func check(
        _ stubs: [Stub], fixtures: URL, overridable: Set<StubID> = [], alreadyChecked: [Bool] = []
    ) throws -> Checked {
        let checking = alreadyChecked.isEmpty ? Array(stubs.indices) : stubs.indices.filter { !alreadyChecked[$0] }
        return try check(stubs, checking: checking, keptIDsDiffer: false, fixtures: fixtures, overridable: overridable)
    }

    /// Checks the first `count` of `stubs`, put before stubs already checked
    /// and served whose ids, as the caller knows, differ from theirs (the
    /// newest first, as WireMock's admin API adds mappings). Only the new
    /// stubs are read and compared by id, with each other. A kept stub can
    /// shadow a new one only with a higher priority: when no new stub has a
    /// lower one than `keptPriority` (the kept stubs' highest; `Int.min`
    /// when there are none), only the new stubs are scanned for rivals.
    package static func check(first count: Int, of stubs: [Stub], keptPriority: Int, fixtures: URL) throws -> Checked {
        let newOnly = stubs[..<count].allSatisfy { $0.priority >= keptPriority }
        return try check(stubs, checking: Array(0..<count), keptIDsDiffer: true, fixtures: fixtures, overridable: [],
                         scanned: newOnly ? 0..<count : nil)
    }

    /// Checks the stubs at `checking` (ascending positions); the others were
    /// checked before. `keptIDsDiffer`: no id of a stub not checked here is
    /// one of theirs, so only theirs are compared. `scanned`: the only
    /// positions that may hold a rival, when few are checked.
    private static func check(
        _ stubs: [Stub], checking: [Int], keptIDsDiffer: Bool, fixtures: URL, overridable: Set<StubID>, scanned: Range<Int>? = nil
    ) throws -> Checked {
        var problems: [StubProblem] = []
        var duplicates = DuplicateIDs(stubs, checking: checking)
        var resolvedRecipes: [Int: ResponseRecipe] = [:]
        var unread = checking[...]
        for position in keptIDsDiffer ? checking : Array(stubs.indices) {
            let stub = stubs[position]
            if let other = duplicates.earlier(than: position) {
                problems.append(StubProblem(stub, "duplicate stub id \"\(stub.id)\" (also declared at \(stubs[other].location))"))
            }
            guard unread.first == position else { continue }
            unread.removeFirst()
            if let problem = stub.problem { problems.append(StubProblem(stub, problem)) }
            if stub.response.needsResolving {
                do {
                    resolvedRecipes[position] = try resolve(stub.response, fixtures: fixtures)
                } catch {
                    problems.append(StubProblem(stub, "\(error)"))
                }
            }
        }
        let shadowable = overridable.isEmpty ? checking : checking.filter { !overridable.contains(stubs[$0].id) }
        let index = shadowable.count > ShadowingRivals.scanLimit ? RouteIndex(stubs: stubs) : nil
        let rivals = index.map(ShadowingRivals.init(index:)) ?? ShadowingRivals(scanning: stubs, positions: scanned)
        for position in shadowable {
            if let winner = shadowing(position, among: rivals) {
                let (stub, other) = (stubs[position], stubs[winner])
                let conditions = other.request.conditionCount == 0 ? "it has no further conditions"
                    : stub.request.conditionCount == other.request.conditionCount ? "it has the same conditions"
                    : "every condition it has, this one has too"
                problems.append(StubProblem(stub, "can never match: \(other.request) declared at \(other.location) always answers first "
                    + "(\(conditions), no times limit and \(other.priority > stub.priority ? "a higher" : "the same") priority)"))
            }
        }
        guard problems.isEmpty else { throw StubValidationError(problems: problems) }
        return Checked(index: index, resolvedRecipes: resolvedRecipes)
    }

    /// Finds a stub's id among the stubs before it. Stubs already checked
    /// (a change keeps them) have distinct ids, so only those being checked
    /// can repeat one: a change that adds a few compares ids with those few,
    /// and hashes no id.
    private struct DuplicateIDs {
        let stubs: [Stub]
        /// The positions of the stubs being checked, in order.
        let checking: [Int]
        /// Ids seen so far, when many stubs are checked.
        var seen: Set<StubID>?

        /// Beyond this many stubs checked, ids are hashed as they are met.
        static let compareLimit = 8

        init(_ stubs: [Stub], checking: [Int]) {
            self.stubs = stubs
            self.checking = checking
            if checking.count > Self.compareLimit { seen = Set(minimumCapacity: stubs.count) }
        }

        /// The first stub with the id of the one at `position`, when that is an earlier one.
        /// Called in order for every position whose id may repeat: all of
        /// them, or only those checked when the others' ids are known to differ.
        mutating func earlier(than position: Int) -> Int? {
            let id = stubs[position].id
            if seen != nil {
                return seen!.insert(id).inserted ? nil : stubs.firstIndex { $0.id == id }
            }
            // An earlier stub already checked cannot share a kept one's id.
            return checking.contains(position) ? stubs[..<position].firstIndex { $0.id == id }
                : checking.first { $0 < position && stubs[$0].id == id }
        }
    }

    /// Whether a stub keeps its answer count across a change: same pattern text and `times` limit.
    package static func sameShape(_ a: Stub, _ b: Stub) -> Bool {
        a.request.description == b.request.description && a.times == b.times
    }

    /// Reads fixture files, which must stay inside `fixtures`.
    private static func resolve(_ recipe: ResponseRecipe, fixtures: URL) throws -> ResponseRecipe {
        switch recipe {
        case .fixture(let path, let status, let headers):
            let data = try FixtureFile.read(path, in: fixtures)
            return .fixed(StubResponse(status: status, headers: headers, body: data))
        case .sequence(let steps):
            return .sequence(try steps.map { try resolve($0, fixtures: fixtures) })
        default:
            return recipe
        }
    }

    /// The index of a stub that always answers before the stub at `index`
    /// whenever that one would match, or `nil`.
    private static func shadowing(_ index: Int, among rivals: ShadowingRivals) -> Int? {
        let stubs = rivals.stubs
        let stub = stubs[index]
        for candidate in rivals.of(index) {
            if candidate == index { return nil } // every stub ordered before this one was checked
            let other = stubs[candidate]
            // The cheap checks first: most rivals differ by method or path, and
            // comparing conditions builds sets.
            guard other.times == nil, other.scenario == nil || other.scenario == stub.scenario,
                  other.request.predicates.isEmpty,
                  other.request.method == nil || other.request.method == stub.request.method,
                  covers(other.request.path, stub.request.path), other.request.conditions(areAmong: stub.request)
            else { continue }
            return candidate
        }
        return nil
    }

    /// Whether every path `path` accepts is one `other` accepts too.
    private static func covers(_ other: PathPattern, _ path: PathPattern) -> Bool {
        switch (other, path) {
        case (.any, _): return true
        case (_, .literal(let literal)): return other.match(literal) != nil
        case (.template(let a), .template(let b)): return a.source == b.source
        case (.regex(let a), .regex(let b)): return a == b
        default: return false
        }
    }
}

extension RequestPattern {
    /// How many conditions beyond method and path.
    var conditionCount: Int { target.count + query.count + headers.count + cookies.count + form.count + body.count + multipart.count + predicates.count }

    /// Whether every query, header, cookie, form and body condition of this pattern
    /// is also one of `other`'s, so any request `other` accepts passes them.
    func conditions(areAmong other: RequestPattern) -> Bool {
        if target.isEmpty, query.isEmpty, cookies.isEmpty, form.isEmpty, headers.isEmpty, body.isEmpty, multipart.isEmpty { return true }
        func lowered(_ fields: [FieldMatcher]) -> Set<FieldMatcher> {
            Set(fields.map { FieldMatcher($0.name.lowercased(), $0.matcher) })
        }
        return Set(target).isSubset(of: other.target) && Set(query).isSubset(of: other.query) && Set(cookies).isSubset(of: other.cookies)
            && Set(form).isSubset(of: other.form)
            && lowered(headers).isSubset(of: lowered(other.headers)) && Set(body).isSubset(of: other.body)
            && Set(multipart).isSubset(of: other.multipart)
    }
}

extension ResponseRecipe {
    /// Whether the recipe reads fixture files, directly or in a sequence.
    var needsResolving: Bool {
        switch self {
        case .fixture: return true
        case .sequence(let steps): return steps.contains { $0.needsResolving }
        default: return false
        }
    }
}

