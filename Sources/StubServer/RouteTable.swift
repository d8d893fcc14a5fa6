import StubKit

/// The served stubs, indexed so that finding the candidates for a request
/// does not look at unrelated stubs: literal paths by exact path, templates by
/// their literal prefix (`/characters` for `/characters/{id}`), and only
/// regex paths, which have no usable prefix, are tried for every request.
struct RouteTable: Sendable {
    let slots: [StubSlot]
    private let exact: [String: [Int]]
    private let byPrefix: [String: [Int]]
    private let always: [Int]
    private let hasPrefixes: Bool

    init(_ slots: [StubSlot]) {
        self.slots = slots
        var exact: [String: [Int]] = [:]
        var byPrefix: [String: [Int]] = [:]
        var always: [Int] = []
        for (index, slot) in slots.enumerated() {
            switch slot.stub.request.path {
            case .literal(let path): exact[path, default: []].append(index)
            case .template(let template): byPrefix[template.literalPrefix, default: []].append(index)
            case .regex: always.append(index)
            }
        }
        self.exact = exact
        self.byPrefix = byPrefix
        self.always = always
        self.hasPrefixes = !byPrefix.isEmpty
    }

    /// The indices of the stubs that may match `path`, best first: higher
    /// priority, then earlier declaration.
    func candidates(for path: String) -> [Int] {
        var found = exact[path] ?? []
        if hasPrefixes {
            // Every prefix that ends before a "/" ("", "/a", "/a/b" for "/a/b/c"), and the whole path.
            let utf8 = path.utf8
            for index in utf8.indices where utf8[index] == UInt8(ascii: "/") {
                if let more = byPrefix[String(Substring(utf8[..<index]))] { found += more }
            }
            if let more = byPrefix[path] { found += more }
        }
        found += always
        guard found.count > 1 else { return found }
        return found.sorted { a, b in
            let (pa, pb) = (slots[a].stub.priority, slots[b].stub.priority)
            return pa != pb ? pa > pb : a < b
        }
    }
}
