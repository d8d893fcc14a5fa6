/// How a format words what is wrong with a document: the spec format's
/// words (a mapping, a key, a key path) or WireMock's (an object, a field, a
/// JSON pointer). One reader, the formats' own vocabularies, so moving a
/// reader onto ``DocumentReading`` changes none of its messages.
package struct ReadingStyle: Sendable {
    /// What an object is called: `a mapping`, `an object`.
    package var object: String
    /// What a member is called: `key`, `field`.
    package var member: String
    /// What a whole number is called: `an integer`, `a whole number`.
    package var integer: String
    /// Whether an unknown member with no close known one lists the known ones.
    package var listsKnownMembers: Bool
    /// Whether ``DocumentReading/members(_:allowed:)`` returns unknown members
    /// too (after reporting them), so the rest of the object is still read.
    package var keepsUnknownMembers: Bool
    /// Whether a problem's subject is the JSON pointer (else the key path).
    package var subjectIsPointer: Bool
    /// Whether a problem's location names the pointer too (`a.json:3:5 /interactions/0`).
    package var locationCarriesPointer = false
    /// What a pointer subject starts with: nothing, or `#` for an OpenAPI
    /// document's pointers (`#/paths/~1pets/get`), as its `$ref`s write them.
    package var pointerPrefix = ""

    /// A pointer subject in this style: `/a/0`, `#/a/0`; the root is `/` (`#`).
    package func subject(pointer: String) -> String {
        pointerPrefix + (pointer.isEmpty && pointerPrefix.isEmpty ? "/" : pointer)
    }

    /// The spec format's words.
    package static let spec = ReadingStyle(object: "a mapping", member: "key", integer: "an integer",
                                           listsKnownMembers: true, keepsUnknownMembers: false, subjectIsPointer: false)
    /// A pact's words: WireMock's, with the pointer in the location as well.
    package static let pact: ReadingStyle = {
        var style = ReadingStyle.wireMock
        style.locationCarriesPointer = true
        return style
    }()
    /// An OpenAPI document's words: the spec format's, named by `#` pointers.
    package static let openAPI: ReadingStyle = {
        var style = ReadingStyle.spec
        style.subjectIsPointer = true
        style.pointerPrefix = "#"
        return style
    }()
    /// WireMock's words, as its mapping errors have always read.
    package static let wireMock = ReadingStyle(object: "an object", member: "field", integer: "a whole number",
                                               listsKnownMembers: false, keepsUnknownMembers: true, subjectIsPointer: true)
}
