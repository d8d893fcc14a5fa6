public import Foundation
import StubKit

/// Turns declared stubs into served slots: reads fixture files and refuses
/// stubs that cannot work (bad patterns, unreadable or escaping fixtures,
/// stubs that can never match because an earlier, broader one always wins).
enum StubPreparation {
    /// The route table for `stubs`; throws ``StubValidationError`` listing
    /// every problem. Stubs named in `overridable` (already served, and kept
    /// by a change) may be shadowed: overriding one at run time with a
    /// higher-priority stub is the point of the change.
    static func table(for stubs: [Stub], fixtures: URL, overridable: Set<StubID> = []) throws -> RouteTable {
        var problems: [StubValidationError.Problem] = []
        func fail(_ stub: Stub, _ message: String) {
            problems.append(.init(stub: stub.request.description, location: stub.location, message: message))
        }
        var seen = Set<StubID>(minimumCapacity: stubs.count)
        var slots: [StubSlot] = []
        slots.reserveCapacity(stubs.count)
        for stub in stubs {
            if !seen.insert(stub.id).inserted, let other = stubs.first(where: { $0.id == stub.id }) {
                fail(stub, "duplicate stub id \"\(stub.id)\" (also declared at \(other.location))")
            }
            if let problem = stub.problem { fail(stub, problem) }
            var resolved: ResponseRecipe?
            if stub.response.needsResolving {
                do {
                    resolved = try resolve(stub.response, fixtures: fixtures)
                } catch {
                    fail(stub, "\(error)")
                }
            }
            slots.append(StubSlot(stub: stub, resolvedRecipe: resolved))
        }
        let table = RouteTable(stubs: stubs, slots: slots)
        for index in stubs.indices where !overridable.contains(stubs[index].id) {
            if let winner = shadowing(index, in: table) {
                let other = stubs[winner]
                let conditions = other.request.conditionCount == 0 ? "it has no further conditions"
                    : stubs[index].request.conditionCount == other.request.conditionCount ? "it has the same conditions"
                    : "every condition it has, this one has too"
                fail(stubs[index], "can never match: \(other.request) declared at \(other.location) always answers first "
                     + "(\(conditions), no times limit and \(other.priority > stubs[index].priority ? "a higher" : "the same") priority)")
            }
        }
        guard problems.isEmpty else { throw StubValidationError(problems: problems) }
        return table
    }

    /// Whether a stub keeps its answer count across a change: same pattern text and `times` limit.
    static func sameShape(_ a: Stub, _ b: Stub) -> Bool {
        a.request.description == b.request.description && a.times == b.times
    }

    /// Reads fixture files, which must stay inside `fixtures`.
    static func resolve(_ recipe: ResponseRecipe, fixtures: URL) throws -> ResponseRecipe {
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
    private static func shadowing(_ index: Int, in table: RouteTable) -> Int? {
        let stub = table.stubs[index]
        for candidate in table.rivals(of: index) {
            if candidate == index { return nil } // every stub ordered before this one was checked
            let other = table.stubs[candidate]
            guard other.times == nil, other.scenario == nil || other.scenario == stub.scenario,
                  other.request.predicates.isEmpty, other.request.conditions(areAmong: stub.request),
                  other.request.method == nil || other.request.method == stub.request.method
            else { continue }
            switch (other.request.path, stub.request.path) {
            case (_, .literal(let path)) where other.request.path.match(path) != nil: return candidate
            case (.template(let a), .template(let b)) where a.source == b.source: return candidate
            case (.regex(let a), .regex(let b)) where a == b: return candidate
            default: continue
            }
        }
        return nil
    }
}

extension RequestPattern {
    /// How many conditions beyond method and path.
    var conditionCount: Int { query.count + headers.count + cookies.count + body.count + predicates.count }

    /// Whether every query, header, cookie and body condition of this pattern
    /// is also one of `other`'s, so any request `other` accepts passes them.
    func conditions(areAmong other: RequestPattern) -> Bool {
        func lowered(_ fields: [FieldMatcher]) -> Set<FieldMatcher> {
            Set(fields.map { FieldMatcher($0.name.lowercased(), $0.matcher) })
        }
        return Set(query).isSubset(of: other.query) && Set(cookies).isSubset(of: other.cookies)
            && lowered(headers).isSubset(of: lowered(other.headers)) && Set(body).isSubset(of: other.body)
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

/// Reads fixture files without letting a path escape its folder.
public enum FixtureFile {
    /// Why a fixture cannot be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the path and the folder.
        public let description: String
    }

    /// The contents of `path`, relative to `folder`. Absolute paths, `..` that
    /// climbs out, and symbolic links that point outside are refused.
    ///
    /// - Throws: ``Failure``.
    public static func read(_ path: String, in folder: URL) throws -> Data {
        guard !path.hasPrefix("/") else {
            throw Failure(description: "fixture \"\(path)\" must be a path relative to \(folder.path)")
        }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        let file = root.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
        guard file.path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/") else {
            throw Failure(description: "fixture \"\(path)\" resolves to \(file.path), outside the fixtures folder \(root.path)")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw Failure(description: "cannot read fixture \"\(path)\" at \(file.path): \((error as NSError).localizedDescription)")
        }
    }
}
