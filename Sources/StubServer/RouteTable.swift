import StubKit

/// The served stubs, indexed so that finding the candidates for a request
/// does not look at unrelated stubs.
///
/// Literal paths get their whole candidate list (their own stubs plus every
/// template and regex stub that could match them, best first) computed once
/// when the table is built: one dictionary lookup per request. Other paths
/// are matched against templates by literal prefix (`/characters` for
/// `/characters/{id}`), looked up without allocating; regex paths, which have
/// no usable prefix, are the only stubs tried for every request. A class so
/// that a request takes one reference to the current table.
final class RouteTable: Sendable {
    let slots: [StubSlot]
    private let byLiteral: [String: [Int]]
    private let byPrefix: [Substring: [Int]]
    private let always: [Int]

    init(_ slots: [StubSlot]) {
        self.slots = slots
        var exact: [String: [Int]] = [:]
        var byPrefix: [Substring: [Int]] = [:]
        var always: [Int] = []
        for (index, slot) in slots.enumerated() {
            switch slot.stub.request.path {
            case .literal(let path): exact[path, default: []].append(index)
            case .template(let template): byPrefix[Substring(template.literalPrefix), default: []].append(index)
            case .regex: always.append(index)
            }
        }
        self.byPrefix = byPrefix
        self.always = always
        var byLiteral: [String: [Int]] = [:]
        byLiteral.reserveCapacity(exact.count)
        for (path, own) in exact {
            byLiteral[path] = Self.ordered(own + Self.prefixCandidates(path, byPrefix) + always, slots)
        }
        self.byLiteral = byLiteral
    }

    /// The indices of the stubs that may match `path`, best first: higher
    /// priority, then earlier declaration.
    func candidates(for path: String) -> [Int] {
        if let known = byLiteral[path] { return known }
        return Self.ordered(Self.prefixCandidates(path, byPrefix) + always, slots)
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

    private static func ordered(_ indices: [Int], _ slots: [StubSlot]) -> [Int] {
        guard indices.count > 1 else { return indices }
        return indices.sorted { a, b in
            let (pa, pb) = (slots[a].stub.priority, slots[b].stub.priority)
            return pa != pb ? pa > pb : a < b
        }
    }
}
