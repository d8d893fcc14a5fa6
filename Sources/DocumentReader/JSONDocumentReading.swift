package import StubKit

// The typed reads of a node of a JSON document (``DocumentNode/json``): the
// same reader as a YAML node's, the format's words from ``ReadingStyle``,
// positions and key order from the document's ``LocatedJSON``.

extension DocumentNode {
    /// What a JSON node's value is, for messages: `an object`, `a list`, `null`, `"text"`, `5`.
    package func shown(in style: ReadingStyle) -> String {
        guard let value = json?.value else { return shown }
        switch value {
        case .object: return style.object
        case .array: return "a list"
        case .null: return "null"
        default: return value.description
        }
    }

    /// A JSON node's value (`null` for a YAML node or a place that holds nothing).
    package var value: JSONValue { json?.value ?? .null }

    /// The member `name` of this JSON object, or the place it would be (holding
    /// `null`), so a problem about a missing member points where it belongs.
    package func at(_ name: String) -> DocumentNode {
        if case .object(let members)? = json?.value, let value = members[name] { return child(name, json: value) }
        return child(name, json: .null)
    }

    /// The items of this JSON list, or `nil` when it is not one.
    package var elements: [DocumentNode]? {
        guard case .array(let items)? = json?.value else { return nil }
        return items.enumerated().map { element($0.offset, json: $0.element) }
    }

    /// This JSON object's member names in document order (sorted when the
    /// document did not record them).
    package var memberOrder: [String] {
        guard case .object(let members)? = json?.value else { return [] }
        return json?.document.keyOrder(at: pointer) ?? members.keys.sorted()
    }

    /// Where the member's key (not its value) starts, for a problem with the key.
    var keyPosition: (line: Int, column: Int) {
        guard let document = json?.document else { return (line, column) }
        return document.keyPosition(of: pointer) ?? document.position(of: pointer)
    }
}

extension DocumentReading {
    /// Records `message` at the JSON `node`, at its key when `atKey`, named
    /// by pointer or key path as the style says.
    package mutating func fail(_ node: DocumentNode, _ message: String, atKey: Bool) {
        let (line, column) = atKey ? node.keyPosition : (node.line, node.column)
        let subject = style.subjectIsPointer ? style.subject(pointer: node.pointer) : node.key
        let location = CodeLocation(fileID: node.file, line: line, column: column,
                                    pointer: style.locationCarriesPointer ? (node.pointer.isEmpty ? "/" : node.pointer) : nil)
        problems.append(StubProblem(location: location, subject: subject, message: message))
    }

    /// The accepted members of the JSON object at `node`; each becomes a
    /// node when it is asked for.
    mutating func jsonMembers(_ node: DocumentNode, allowed: [String]) -> DocumentMembers? {
        memberValues(node, allowed: allowed).map { DocumentMembers(json: $0, of: node) }
    }

    /// The members of the JSON object at `node`, as values; an unknown one is
    /// a problem at its key with a did-you-mean (and kept, if the style keeps
    /// them). Only an unknown member gets a node of its own, so a large
    /// document costs no more than its members.
    package mutating func memberValues(_ node: DocumentNode, allowed: [String]) -> [String: JSONValue]? {
        guard case .object(let members)? = node.json?.value else {
            fail(node, "expected \(style.object), got \(node.shown(in: style))", atKey: false)
            return nil
        }
        // Most objects hold only known members: the document's order is read only to name the others in it.
        guard members.keys.contains(where: { !allowed.contains($0) }) else { return members }
        var unknown: [String] = []
        // The document's order for messages; only members this value still has.
        for name in node.json?.document.keyOrder(at: node.pointer) ?? members.keys.sorted() where members[name] != nil && !allowed.contains(name) {
            fail(node.child(name, json: .null), Suggestion.unknownMember(name, among: allowed, called: style.member, listingKnown: style.listsKnownMembers),
                 atKey: true)
            unknown.append(name)
        }
        guard !unknown.isEmpty, !style.keepsUnknownMembers else { return members }
        return members.filter { !unknown.contains($0.key) }
    }

    /// A JSON number at least `minimum`.
    package mutating func number(_ node: DocumentNode, atLeast minimum: Double) -> Double? {
        guard case .number(let number)? = node.json?.value, number >= minimum else {
            fail(node, "expected a number of at least \(minimum.formatted0), got \(node.shown(in: style))", atKey: false)
            return nil
        }
        return number
    }
}

extension Double {
    /// `0` for 0.0, `2.5` for 2.5.
    fileprivate var formatted0: String { rounded() == self ? String(Int(self)) : String(self) }
}
