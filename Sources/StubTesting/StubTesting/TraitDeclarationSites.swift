import Foundation
import StubKit
import Synchronization

/// Where the stubs of one `.stubServer { … }` trait were written.
///
/// Swift Testing's macros expand a trait's arguments at the declaration the
/// trait is attached to, so every `#line` and `#column` default inside the
/// trait (each stub's and the trait's own) says where the `func` or `struct`
/// is. The sites are read back from the source file instead: the calls to
/// stub starters (`Get`, `Post`, …, `Endpoint`, `Stub`) between the
/// `.stubServer` token and the declaration, matched to the stubs in order by
/// method and path. When the file cannot be read, locations stay as Swift
/// gave them.
struct TraitDeclarationSites: Sendable {
    /// One starter call in the trait.
    struct Site: Sendable {
        /// The method the starter names; `nil` for any (`Endpoint`, `Stub`).
        let method: HTTPMethod?
        /// The path literal, or its text before the first interpolation.
        let path: String?
        /// Whether `path` was cut at an interpolation (so it is a prefix).
        let interpolated: Bool
        let line: Int
        let column: Int

        func fits(_ stub: Stub) -> Bool {
            if let method, stub.request.method != method { return false }
            guard let path, !path.isEmpty else { return true }
            let served = stub.request.path.description
            return interpolated ? served.contains(path) : served.hasSuffix(path)
        }
    }

    /// Where the trait itself was written: its `.stubServer`.
    let trait: CodeLocation
    /// Where Swift says everything in the trait was written.
    let declaration: CodeLocation
    let sites: [Site]

    /// The stubs, each declared at the trait moved to its own site; stubs
    /// declared elsewhere (a shared list) keep their locations.
    func relocate(_ stubs: [Stub]) -> [Stub] {
        var cursor = -1
        return stubs.map { stub in
            guard stub.location == declaration, let index = siteIndex(for: stub, after: cursor) else { return stub }
            cursor = index
            return stub.moved(toLine: sites[index].line, column: sites[index].column)
        }
    }

    /// The first fitting site after `cursor`; else the last one taken again
    /// (a loop declares many stubs at one site); else the next site.
    private func siteIndex(for stub: Stub, after cursor: Int) -> Int? {
        if let later = sites.indices.dropFirst(cursor + 1).first(where: { sites[$0].fits(stub) }) { return later }
        if cursor >= 0, sites[cursor].fits(stub) { return cursor }
        if let earlier = sites.indices.prefix(max(cursor, 0)).first(where: { sites[$0].fits(stub) }) { return earlier }
        return cursor + 1 < sites.count ? cursor + 1 : nil
    }

    private static let cache = Mutex<[CodeLocation: TraitDeclarationSites?]>([:])

    /// The sites of the trait Swift placed at `declaration`, read once per
    /// declaration; `nil` when the source is not at hand.
    static func find(for declaration: CodeLocation) -> TraitDeclarationSites? {
        if let known = cache.withLock({ $0[declaration] }) { return known }
        let found = read(declaration)
        cache.withLock { $0[declaration] = .some(found) }
        return found
    }

    private static func read(_ declaration: CodeLocation) -> TraitDeclarationSites? {
        guard !declaration.filePath.isEmpty,
              let data = FileManager.default.contents(atPath: declaration.filePath) else { return nil }
        let tokens = SwiftTokens(String(decoding: data, as: UTF8.self)).tokens
        let end = tokens.firstIndex { ($0.line, $0.column) >= (declaration.line, declaration.column) } ?? tokens.endIndex
        guard let start = tokens[..<end].lastIndex(where: { $0.kind == .identifier("stubServer", afterDot: true) }) else {
            return nil
        }
        var trait = declaration
        trait.line = tokens[start].line
        trait.column = tokens[start].column
        let region = Array(tokens[start..<end])
        let sites = region.indices.compactMap { site(at: $0, in: region) }
        return TraitDeclarationSites(trait: trait, declaration: declaration, sites: sites)
    }

    private static let starters: [String: HTTPMethod?] = [
        "Get": .get, "Head": .head, "Post": .post, "Put": .put, "Patch": .patch, "Delete": .delete, "Options": .options,
        "Endpoint": .none, "Stub": .none,
    ]

    private static let methodNames: [String: HTTPMethod] = [
        "get": .get, "head": .head, "post": .post, "put": .put, "patch": .patch, "delete": .delete, "options": .options,
    ]

    /// The starter call beginning at `index`, if one does.
    private static func site(at index: Int, in tokens: [SwiftTokens.Token]) -> Site? {
        guard case .identifier(let name, afterDot: false) = tokens[index].kind, let fixed = starters[name],
              index + 1 < tokens.count, tokens[index + 1].kind == .punctuation(UInt8(ascii: "(")) else { return nil }
        var method = fixed
        if fixed == nil, index + 3 < tokens.count, tokens[index + 2].kind == .punctuation(UInt8(ascii: ".")),
           case .identifier(let named, afterDot: true) = tokens[index + 3].kind {
            method = methodNames[named]
        }
        var depth = 0
        var cursor = index + 1
        while cursor < tokens.count {
            switch tokens[cursor].kind {
            case .punctuation(UInt8(ascii: "(")): depth += 1
            case .punctuation(UInt8(ascii: ")")): depth -= 1
            case .string(let text, let interpolated) where depth == 1:
                return Site(method: method, path: text, interpolated: interpolated,
                            line: tokens[index].line, column: tokens[index].column)
            default: break
            }
            if depth == 0 { break }
            cursor += 1
        }
        return Site(method: method, path: nil, interpolated: false, line: tokens[index].line, column: tokens[index].column)
    }
}
