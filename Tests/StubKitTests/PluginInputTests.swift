import Foundation
import StubKit
import Testing

/// What a plug-in reads its keyword's value with: typed reads that collect
/// problems at JSON pointers, as the spec reader's own reads do.
@Suite struct PluginInputTests {
    static func input(_ value: JSONValue, files: [String: String] = [:]) -> PluginInput {
        PluginInput(value: value) { path in
            guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return Data(text.utf8)
        }
    }

    @Test func anUnknownKeyIsAProblemAtItsPointerWithTheClosestKnownOne() {
        var input = Self.input(["bookz": ["Dune"], "size": 2])
        #expect(input.members(input.value, allowed: ["books", "size"]) == nil)
        #expect(input.problems.map(\.pointer) == ["/bookz"])
        #expect(input.problems.first?.message == #"unknown key "bookz"; did you mean "books"?"#)
    }

    @Test func aKeyFarFromEveryKnownOneListsThem() {
        var input = Self.input(["colour": "red"])
        _ = input.members(input.value, at: "/style", allowed: ["books", "size"])
        #expect(input.problems.first?.pointer == "/style/colour")
        #expect(input.problems.first?.message == #"unknown key "colour"; expected one of books, size"#)
    }

    @Test func textAcceptsWhatYAMLWritesUnquotedAndRefusesTheRest() {
        var input = Self.input(.null)
        #expect(input.string(.string("abcd"), at: "/a") == "abcd")
        #expect(input.string(.number(1234), at: "/b") == "1234", "publicKey: 1234 in YAML is the text 1234")
        #expect(input.string(.bool(true), at: "/c") == "true")
        #expect(input.string(.array([]), at: "/d") == nil)
        #expect(input.string(nil, at: "/e") == nil)
        #expect(input.problems.map(\.pointer) == ["/d", "/e"])
    }

    @Test func aWholeNumberInARange() {
        var input = Self.input(.null)
        #expect(input.int(.number(409), at: "/status", in: 400...599) == 409)
        #expect(input.int(.number(200), at: "/status", in: 400...599) == nil)
        #expect(input.int(.number(4.5), at: "/limit") == nil)
        #expect(input.problems.count == 2)
    }

    @Test func aFixtureFileThatCannotBeReadIsAProblemWhereItIsNamed() {
        var input = Self.input(["file": "page.json"], files: ["page.json": "[1,2]"])
        #expect(input.file("page.json", at: "/file").map { String(decoding: $0, as: UTF8.self) } == "[1,2]")
        #expect(input.file("missing.json", at: "/file") == nil)
        #expect(input.problems.map(\.pointer) == ["/file"])
    }
}

/// The door's list: one plug-in per name, keywords found by name. (A list of
/// its own, not the process's: other suites' messages list the registered keywords.)
@Suite struct PluginListTests {
    @Test func registeringTheSameNameAgainReplacesIt() {
        var list = PluginList()
        list.register(StubPlugin(name: "Library", recipes: [.init("libraryPage") { _ in .fixed(.status(204)) }]))
        list.register(StubPlugin(name: "Library", recipes: [.init("shelf") { _ in .fixed(.status(204)) }],
                                 guards: [.init("libraryToken", read: { _ in nil }, sign: { _, _, _ in }, carries: { _, _ in false })]))
        #expect(list.recipe("libraryPage") == nil)
        #expect(list.recipe("shelf") != nil)
        #expect(list.guardKind("libraryToken") != nil)
        #expect(list.plugins.map(\.name) == ["Library"])
    }
}
