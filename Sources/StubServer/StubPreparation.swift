import Foundation
import StubKit

/// Turns declared stubs into served slots: reads fixture files and refuses
/// stubs that cannot work (bad patterns, unreadable or escaping fixtures,
/// stubs that can never match because an earlier, broader one always wins).
enum StubPreparation {
    /// Slots for `stubs`, reusing `existing` slots (and their counters) for
    /// stubs with the same id; throws ``StubValidationError`` listing every problem.
    static func slots(for stubs: [Stub], fixtures: URL, reusing existing: [StubSlot] = []) throws -> RouteTable {
        var problems: [StubValidationError.Problem] = []
        func fail(_ stub: Stub, _ message: String) {
            problems.append(.init(stub: stub.request.description, location: stub.location, message: message))
        }
        var seen = Set<StubID>(minimumCapacity: stubs.count)
        let previous = existing.isEmpty ? [:] : Dictionary(existing.map { ($0.stub.id, $0) }, uniquingKeysWith: { first, _ in first })
        var slots: [StubSlot] = []
        slots.reserveCapacity(stubs.count)
        for stub in stubs {
            if !seen.insert(stub.id).inserted, let other = stubs.first(where: { $0.id == stub.id }) {
                fail(stub, "duplicate stub id \"\(stub.id)\" (also declared at \(other.location))")
            }
            if let problem = stub.problem { fail(stub, problem) }
            let recipe: ResponseRecipe
            do {
                recipe = try resolve(stub.response, fixtures: fixtures)
            } catch {
                fail(stub, "\(error)")
                recipe = stub.response
            }
            if !previous.isEmpty, let old = previous[stub.id], old.stub.location == stub.location, sameShape(old.stub, stub) {
                slots.append(old)
            } else {
                slots.append(StubSlot(stub: stub, recipe: recipe))
            }
        }
        let table = RouteTable(slots)
        for (index, slot) in slots.enumerated() {
            if let winner = shadowing(index, in: table) {
                let other = table.slots[winner].stub
                fail(slot.stub, "can never match: \(other.request) declared at \(other.location) always answers first "
                     + "(it has no further conditions, no times limit and \(other.priority > slot.stub.priority ? "a higher" : "the same") priority)")
            }
        }
        guard problems.isEmpty else { throw StubValidationError(problems: problems) }
        return table
    }

    /// Whether a slot can keep its counters across a change: same pattern text and recipe kind.
    private static func sameShape(_ a: Stub, _ b: Stub) -> Bool {
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
        let stub = table.slots[index].stub
        let probe: String
        switch stub.request.path {
        case .literal(let path): probe = path
        case .template(let template): probe = template.literalPrefix + "/"
        case .regex: probe = "/"
        }
        for candidate in table.candidates(for: probe) {
            if candidate == index { return nil } // every stub ordered before this one was checked
            let other = table.slots[candidate].stub
            guard other.times == nil, other.scenario == nil,
                  other.request.query.isEmpty, other.request.headers.isEmpty, other.request.cookies.isEmpty,
                  other.request.body.isEmpty, other.request.predicates.isEmpty,
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

/// Reads fixture files without letting a path escape its folder.
enum FixtureFile {
    /// Why a fixture cannot be read.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The contents of `path`, relative to `folder`. Absolute paths, `..` that
    /// climbs out, and symbolic links that point outside are refused.
    static func read(_ path: String, in folder: URL) throws -> Data {
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
