import Foundation
@testable import MarvelFake
import MarvelModels
import Testing

/// The catalog encodes each entity when a page first holds it, not at start:
/// every entity must still encode, to the bytes an eager encoding gives.
@Suite struct MarvelCatalogEncodingTests {
    @Test func everyEntityEncodesLazilyToTheSameBytesAsAtOnce() throws {
        let catalog = try MarvelCatalog(publicKey: "lazy-check")
        let encoder = MarvelJSON.encoder()
        let eager: [ResourceKind: [Data]] = [
            .characters: try catalog.characters.map { try encoder.encode($0) },
            .comics: try catalog.comics.map { try encoder.encode($0) },
            .creators: try catalog.creators.map { try encoder.encode($0) },
            .events: try catalog.events.map { try encoder.encode($0) },
            .series: try catalog.series.map { try encoder.encode($0) },
            .stories: try catalog.stories.map { try encoder.encode($0) },
        ]
        for kind in ResourceKind.allCases {
            let records = try #require(catalog.records[kind])
            #expect(records.map(\.result.json) == eager[kind], "\(kind)")
            // Read again: the same value, kept.
            #expect(records.first?.result == records.first?.result)
        }
    }
}
