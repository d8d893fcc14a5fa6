import DocumentReader
import Foundation
import StubKit
import Testing

/// A value of a JSON document parsed by LocatedJSON is a DocumentNode too:
/// the same typed reads, placed by the document's positions, worded in the
/// format's own style (WireMock's here, as its mapping errors read).
@Suite struct JSONDocumentReadingTests {
    static let text = """
        {
          "request": { "method": "GET", "urlPth": "/x" },
          "priority": "high",
          "persistent": 1
        }
        """

    static func root() throws -> DocumentNode {
        let document = try LocatedJSON(Data(text.utf8))
        return DocumentNode(document.root, at: "", in: document, file: "m.json")
    }

    @Test func anUnknownFieldIsPlacedAtItsKeyInWireMocksWordsAndKept() throws {
        var reading = DocumentReading(style: .wireMock)
        let fields = try #require(reading.members(try Self.root(), allowed: ["request", "priority", "persistent"]))
        let request = try #require(fields["request"])
        let membersRead = reading.memberValues(request, allowed: ["method", "urlPath"])
        let members = try #require(membersRead)
        #expect(members["urlPth"] != nil, "WireMock's reader keeps reading past an unknown field")
        #expect(reading.problems.map(\.description) == [#"m.json:2:33: error: /request/urlPth: unknown field "urlPth"; did you mean "urlPath"?"#])
    }

    /// A JSON object's members, small (scanned by name) or large (hashed),
    /// read the same: each node found where the document placed it.
    @Test(arguments: [3, 9, 40])
    func membersAreFoundByNameWhateverTheObjectsSize(count: Int) throws {
        let names = (0..<count).map { "m\($0)" } + ["a/b~c"]
        let text = "{\n" + names.enumerated().map { #"  "\#($0.element)": \#($0.offset)"# }.joined(separator: ",\n") + "\n}"
        let document = try LocatedJSON(Data(text.utf8))
        var reading = DocumentReading(style: .wireMock)
        let read = reading.members(DocumentNode(document.root, at: "", in: document, file: "m.json"), allowed: names)
        let fields = try #require(read)
        #expect(fields.count == names.count && !fields.isEmpty && Set(fields.names) == Set(names))
        for (offset, name) in names.enumerated() {
            let node = try #require(fields[name], "\(name)")
            #expect(fields.contains(name) && node.value == .number(Double(offset)) && node.line == offset + 2 && node.column == name.count + 7)
        }
        #expect(fields["a/b~c"]?.pointer == "/a~1b~0c")
        #expect(fields["m"] == nil && !fields.contains("m") && !fields.contains("m00") && fields.single == nil)
        #expect(reading.problems.isEmpty)
    }

    @Test func typedReadsNameThePointerAndWhatWasThere() throws {
        var reading = DocumentReading(style: .wireMock)
        let fields = try #require(reading.members(try Self.root(), allowed: ["request", "priority", "persistent"]))
        #expect(reading.int(try #require(fields["priority"]), in: 1...10) == nil)
        #expect(reading.bool(try #require(fields["persistent"])) == nil)
        #expect(reading.string(try #require(fields["priority"])) == "high")
        #expect(reading.problems.map(\.description) == [
            #"m.json:3:15: error: /priority: expected a whole number in 1...10, got "high""#,
            "m.json:4:17: error: /persistent: expected true or false, got 1",
        ])
    }

    @Test func aPactsProblemNamesItsPointerInTheLocationToo() throws {
        var reading = DocumentReading(style: .pact)
        _ = reading.members(try Self.root(), allowed: ["request"])
        #expect(reading.problems.first?.location.pointer == "/priority")
        #expect(reading.problems.map(\.subject) == ["/priority", "/persistent"])
    }
}

/// A located document refuses a repeated key where the second one's value
/// starts, in a small object (keys compared one by one) and a large one (a
/// set from the 16th key on), and keeps every object's keys in order.
@Suite struct LocatedJSONMembersTests {
    @Test(arguments: [(3, 2), (20, 18), (20, 5)])
    func aRepeatedKeyIsRefusedWhereItsValueStarts(keys: Int, repeated: Int) throws {
        let members = (0..<keys).map { "\"k\($0)\": \($0)" } + ["\"k\(repeated)\": \"again\""]
        let text = "{\n" + members.joined(separator: ",\n") + "\n}"
        #expect(throws: LocatedJSONError.self) { try LocatedJSON(Data(text.utf8)) }
        do {
            _ = try LocatedJSON(Data(text.utf8))
        } catch {
            #expect(error.description == "\(keys + 2):\(String(repeated).count + 6): the key \"k\(repeated)\" appears twice")
        }
    }

    @Test func escapedKeysAndDecimalsAreFoundByPointer() throws {
        let document = try LocatedJSON(Data(#"{"a/b": {"c~d": [1, 2.5, {"e": 1.0}]}, "n": 3}"#.utf8))
        #expect(document.position(of: "/a~1b/c~0d/2/e") == (1, 32))
        #expect(document.keyPosition(of: "/a~1b/c~0d").map { [$0.line, $0.column] } == [1, 10])
        #expect(document.decimals.pointers == ["/a~1b/c~0d/1", "/a~1b/c~0d/2/e"])
    }

    @Test func keyOrderAndPositionsFollowTheDocument() throws {
        let members = (0..<20).map { "\"k\(19 - $0)\": {\"z\": 1, \"a\": [\($0)]}" }
        let document = try LocatedJSON(Data(("{" + members.joined(separator: ", ") + "}").utf8))
        #expect(document.keyOrder(at: "") == (0..<20).map { "k\(19 - $0)" })
        #expect(document.keyOrder(at: "/k19") == ["z", "a"])
        #expect(document.keyOrder(at: "/k19/a") == nil, "a list has no keys")
        #expect(document.keyOrder(at: "/k19/missing") == nil)
        guard case .object(let root) = document.root else { Issue.record("not an object"); return }
        #expect(root.count == 20)
        // {"k19": {"z": 1, "a": [0]}, …: the member's value at 9, its list at 23, the item at 24.
        #expect(document.position(of: "/k19") == (1, 9))
        #expect(document.position(of: "/k19/a") == (1, 23))
        #expect(document.position(of: "/k19/a/0") == (1, 24))
        #expect(document.position(of: "/k19/a/1") == (1, 23), "past the list's end: the list")
        #expect(document.position(of: "/k19/a/00") == (1, 23), "not an index as JSON pointers write them")
        #expect(document.position(of: "/k19/missing/deeper") == (1, 9), "the nearest parent there is")
        #expect(document.position(of: "") == (1, 1))
        #expect(document.keyPosition(of: "/k19").map { [$0.line, $0.column] } == [1, 2])
        #expect(document.keyPosition(of: "/k19/a/0") == nil, "a list item has no key")
        #expect(document.keyOrders.count == 21)
    }
}

/// A JSON node's key path is made from its pointer only when a problem asks
/// for it; it reads as the path a reader walked: members dotted, items in
/// brackets, escaped names as written, from the node the document was
/// entered at, and past 64 steps as well.
@Suite struct JSONKeyPathTests {
    @Test func aPathReadsAsTheWalkThatMadeIt() throws {
        let document = try LocatedJSON(Data(#"{"mappings": [{"a/b": {"~c": [[1, {"": {"d.e": 2}}]]}}]}"#.utf8))
        let root = DocumentNode(document.root, at: "", in: document, file: "f.json")
        let list = root.at("mappings")
        let first = try #require(list.elements?.first)
        #expect(first.key == "mappings[0]")
        let deep = first.at("a/b").at("~c").element(0, json: .null).element(1, json: .null).child("", json: .null).child("d.e", json: .null)
        #expect(deep.key == "mappings[0].a/b.~c[0][1]..d.e")
        #expect(deep.pointer == "/mappings/0/a~1b/~0c/0/1//d.e")
        // Entered at a mapping of the list, as a reader of a root's files does: the path starts there.
        let entered = DocumentNode(.null, at: "/mappings/0", in: document, file: "f.json")
        #expect(entered.key == "")
        #expect(entered.at("a/b").element(3, json: .null).key == "a/b[3]")
        #expect(entered.element(2, json: .null).key == "[2]")
    }

    @Test func aPathPastSixtyFourStepsIsWrittenOut() throws {
        let document = try LocatedJSON(Data("{}".utf8))
        var node = DocumentNode(document.root, at: "", in: document, file: "f.json")
        var expected = ""
        for step in 0..<70 {
            if step % 3 == 2 {
                node = node.element(step, json: .null)
                expected += "[\(step)]"
            } else {
                node = node.child("k\(step)", json: .null)
                expected += expected.isEmpty ? "k\(step)" : ".k\(step)"
            }
        }
        #expect(node.key == expected)
        #expect(node.problem("x").description.contains(expected))
    }
}
