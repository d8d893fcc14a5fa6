import Foundation
import MarvelFake
import MarvelModels
import Testing

/// The fake sends `null` only where recorded real responses do
/// (`marvel-api.md`, "null"): comic and series `description`, series `next`
/// and `previous`, story `thumbnail`. Everything else is a value: `""` for an
/// empty text, the `image_not_available` picture for a missing one.
@Suite struct MarvelNullDisciplineTests {
    static let mayBeNull: [String: Set<String>] = [
        "characters": [], "creators": [], "events": [],
        "comics": ["description"],
        "series": ["description", "next", "previous"],
        "stories": ["thumbnail"],
    ]

    /// The JSON paths under `value` that hold `null`.
    static func nulls(in value: Any, at path: String) -> [String] {
        switch value {
        case is NSNull: return [path]
        case let object as [String: Any]: return object.sorted { $0.key < $1.key }.flatMap { nulls(in: $0.value, at: "\(path).\($0.key)") }
        case let array as [Any]: return array.enumerated().flatMap { nulls(in: $0.element, at: "\(path)[\($0.offset)]") }
        default: return []
        }
    }

    static func entities(_ kind: String, _ catalog: MarvelCatalog) throws -> [Data] {
        let encoder = MarvelJSON.encoder()
        switch kind {
        case "characters": return try catalog.characters.map { try encoder.encode($0) }
        case "comics": return try catalog.comics.map { try encoder.encode($0) }
        case "creators": return try catalog.creators.map { try encoder.encode($0) }
        case "events": return try catalog.events.map { try encoder.encode($0) }
        case "series": return try catalog.series.map { try encoder.encode($0) }
        default: return try catalog.stories.map { try encoder.encode($0) }
        }
    }

    @Test(arguments: ["characters", "comics", "creators", "events", "series", "stories"])
    func everyEntitySendsNullOnlyWhereTheRealAPIDoes(kind: String) throws {
        let allowed = Self.mayBeNull[kind]!
        var wrong: [String] = []
        var allowedSeen = 0
        for (index, data) in try Self.entities(kind, .standard).enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
            for path in Self.nulls(in: object, at: "\(kind)[\(index)]") {
                let field = String(path.split(separator: ".").dropFirst().joined(separator: "."))
                if allowed.contains(field) { allowedSeen += 1 } else { wrong.append(path) }
            }
        }
        #expect(wrong.isEmpty, "null where the real API never sends one: \(wrong.prefix(10).joined(separator: ", "))")
        #expect(allowed.isEmpty || allowedSeen > 0, "the real API does send null here; the fake should too: \(allowed.sorted())")
    }
}
