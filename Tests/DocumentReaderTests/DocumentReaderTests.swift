import DocumentReader
import StubKit
import Testing

/// The one reader of located YAML and JSON documents: where each node is,
/// typed reads that collect every problem, and YAML syntax errors located.
@Suite struct DocumentReaderTests {
    @Test func everyNodeKnowsItsLineColumnKeyPathAndPointer() throws {
        let root = try DocumentText.root(of: "stubs:\n  - request:\n      a/b~c: 1\n", name: "s.yaml")
        var reading = DocumentReading()
        let stubsRead = reading.members(root, allowed: ["stubs"])
        let stubs = try #require(stubsRead?["stubs"])
        let firstRead = reading.items(stubs)?.first
        let first = try #require(firstRead)
        let requestRead = reading.members(first, allowed: ["request"])
        let request = try #require(requestRead?["request"])
        let pairRead = reading.pairs(request)?.first
        let (name, value) = try #require(pairRead)
        #expect(name == "a/b~c")
        #expect(value.key == "stubs[0].request.a/b~c")
        #expect(value.pointer == "/stubs/0/request/a~1b~0c", "RFC 6901 escapes ~ and /")
        #expect((value.line, value.column) == (3, 14))
        #expect(reading.int(value) == 1)
        #expect(reading.problems.isEmpty)
    }

    @Test func jsonIsReadWithItsPlacesToo() throws {
        let root = try DocumentText.root(of: "{\n  \"status\": \"OK\"\n}", name: "m.json")
        var reading = DocumentReading()
        let statusRead = reading.members(root, allowed: ["status"])
        let status = try #require(statusRead?["status"])
        #expect(reading.int(status) == nil)
        #expect(reading.problems.map(\.description) == [#"m.json:2:13: error: status: expected an integer, got "OK""#])
    }

    @Test func problemsAreCollectedNotThrownAtTheFirst() throws {
        let root = try DocumentText.root(of: "reponse: 1\nstatus: x\ndelay: 2 days\n", name: "s.yaml")
        var reading = DocumentReading()
        let fieldsRead = reading.members(root, allowed: ["response", "status", "delay"])
        let fields = try #require(fieldsRead)
        _ = fields["status"].flatMap { reading.int($0) }
        _ = fields["delay"].flatMap { reading.duration($0) }
        #expect(reading.problems.map(\.description) == [
            #"s.yaml:1:1: error: reponse: unknown key "reponse"; did you mean "response"?"#,
            #"s.yaml:2:9: error: status: expected an integer, got "x""#,
            #"s.yaml:3:8: error: delay: expected a duration such as 250ms or 2s, got "2 days""#,
        ])
    }

    @Test func aQuotedNumberIsTextAndAPlainOneIsANumber() throws {
        let root = try DocumentText.root(of: "a: '1'\nb: 1\nc: true\n", name: "s.yaml")
        var reading = DocumentReading()
        let fieldsRead = reading.members(root, allowed: ["a", "b", "c"])
        let fields = try #require(fieldsRead)
        #expect(reading.json(fields["a"]!) == .string("1"))
        #expect(reading.json(fields["b"]!) == .number(1))
        #expect(reading.int(fields["a"]!) == nil, "'1' is text")
        #expect(reading.bool(fields["c"]!) == true)
    }

    @Test func aYAMLSyntaxErrorIsLocated() {
        #expect {
            _ = try DocumentText.root(of: "a: 1\nb: [1, 2\n", name: "broken.yaml")
        } throws: { error in
            let problem = (error as? StubValidationError)?.problems.first
            return problem?.location.fileID == "broken.yaml" && problem?.location.line == 3 && problem?.message.hasPrefix("YAML: ") == true
        }
        #expect {
            _ = try DocumentText.root(of: "a: 1\na: 2\n", name: "twice.yaml")
        } throws: { error in
            (error as? StubValidationError)?.problems.first?.message == #"duplicate key "a""#
        }
        #expect(throws: StubValidationError.self) { try DocumentText.root(of: "", name: "empty.yaml") }
    }
}

extension DocumentReaderTests {
    /// One scalar rule for every reader (YAML 1.2's core schema, finite
    /// numbers only). The spec reader used to read a plain `Nan` or
    /// `infinity` as a number that JSON cannot hold, and a served body of
    /// `{"name": Nan}` came out as `?`.
    @Test func scalarsReadByOneRuleAndNamesThatLookLikeNonNumbersStayNames() throws {
        let text = "name: Nan\ncount: infinity\nflag: True\nempty: NULL\nyes: TRUE\nnumber: 1.5e3\ncode: |-\n  0123\nfolded: >-\n  12\n"
        let root = try DocumentText.root(of: text, name: "s.yaml")
        var reading = DocumentReading()
        #expect(reading.json(root) == .object([
            "name": "Nan", "count": "infinity", "flag": true, "empty": .null, "yes": true, "number": 1500,
            "code": "0123", "folded": "12",
        ]))
        #expect(reading.problems.isEmpty)
    }
}
