import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarvelClient
import MarvelFake
import MarvelModels
import StubKit
import StubServer
import StubTesting
import Testing

/// The Marvel contract, part 1: `MarvelClient` decodes every one of the API's
/// 39 routes as `MarvelFake` serves them, and signs every request it sends.
/// Read it as an example of `Contract`: one clause per statement, each
/// reported on its own line when it breaks.
@Suite struct MarvelRouteContractTests {
    static let keys = (publicKey: "1234", privateKey: "abcd")
    static let catalog = MarvelCatalog.standard

    static func client(_ server: StubServer) -> MarvelAPIClient<WithKeys> {
        MarvelAPIClient(baseURL: server.baseURL,
                        credentials: .serverSide(publicKey: keys.publicKey, privateKey: keys.privateKey), session: server.session)
    }

    /// Every route, as clauses against the API at `baseURL`: the contract
    /// below runs them against the fake, the pact tests against a pact stub.
    @ContractBuilder
    static func routeClauses(_ baseURL: URL, session: URLSession? = nil) -> [ContractClause] {
        let character = catalog.characters[0], comic = catalog.comics[0]
        let creator = catalog.creators[0], event = catalog.events[0]
        let series = catalog.series[0], story = catalog.stories[0]
        let client = MarvelAPIClient(baseURL: baseURL,
                                     credentials: .serverSide(publicKey: keys.publicKey, privateKey: keys.privateKey), session: session)

        // The six lists and the six single entities, compared with the catalog they came from.
        Decodes("characters") { try await client.send(Marvel.characters.list()) }
        Decodes("comics") { try await client.send(Marvel.comics.list()) }
        Decodes("creators") { try await client.send(Marvel.creators.list()) }
        Decodes("events") { try await client.send(Marvel.events.list()) }
        Decodes("series") { try await client.send(Marvel.series.list()) }
        Decodes("stories") { try await client.send(Marvel.stories.list()) }
        Decodes("a character", equals: character) { try await client.send(Marvel.characters(character.id).get()) }
        Decodes("a comic", equals: comic) { try await client.send(Marvel.comics(comic.id).get()) }
        Decodes("a creator", equals: creator) { try await client.send(Marvel.creators(creator.id).get()) }
        Decodes("an event", equals: event) { try await client.send(Marvel.events(event.id).get()) }
        Decodes("a series", equals: series) { try await client.send(Marvel.series(series.id).get()) }
        Decodes("a story", equals: story) { try await client.send(Marvel.stories(story.id).get()) }

        // The 27 sub-collections.
        Decodes("a character's comics") { try await client.send(Marvel.characters(character.id).comics.list()) }
        Decodes("a character's events") { try await client.send(Marvel.characters(character.id).events.list()) }
        Decodes("a character's series") { try await client.send(Marvel.characters(character.id).series.list()) }
        Decodes("a character's stories") { try await client.send(Marvel.characters(character.id).stories.list()) }
        Decodes("a comic's characters") { try await client.send(Marvel.comics(comic.id).characters.list()) }
        Decodes("a comic's creators") { try await client.send(Marvel.comics(comic.id).creators.list()) }
        Decodes("a comic's events") { try await client.send(Marvel.comics(comic.id).events.list()) }
        Decodes("a comic's stories") { try await client.send(Marvel.comics(comic.id).stories.list()) }
        Decodes("a creator's comics") { try await client.send(Marvel.creators(creator.id).comics.list()) }
        Decodes("a creator's events") { try await client.send(Marvel.creators(creator.id).events.list()) }
        Decodes("a creator's series") { try await client.send(Marvel.creators(creator.id).series.list()) }
        Decodes("a creator's stories") { try await client.send(Marvel.creators(creator.id).stories.list()) }
        Decodes("an event's characters") { try await client.send(Marvel.events(event.id).characters.list()) }
        Decodes("an event's comics") { try await client.send(Marvel.events(event.id).comics.list()) }
        Decodes("an event's creators") { try await client.send(Marvel.events(event.id).creators.list()) }
        Decodes("an event's series") { try await client.send(Marvel.events(event.id).series.list()) }
        Decodes("an event's stories") { try await client.send(Marvel.events(event.id).stories.list()) }
        Decodes("a series' characters") { try await client.send(Marvel.series(series.id).characters.list()) }
        Decodes("a series' comics") { try await client.send(Marvel.series(series.id).comics.list()) }
        Decodes("a series' creators") { try await client.send(Marvel.series(series.id).creators.list()) }
        Decodes("a series' events") { try await client.send(Marvel.series(series.id).events.list()) }
        Decodes("a series' stories") { try await client.send(Marvel.series(series.id).stories.list()) }
        Decodes("a story's characters") { try await client.send(Marvel.stories(story.id).characters.list()) }
        Decodes("a story's comics") { try await client.send(Marvel.stories(story.id).comics.list()) }
        Decodes("a story's creators") { try await client.send(Marvel.stories(story.id).creators.list()) }
        Decodes("a story's events") { try await client.send(Marvel.stories(story.id).events.list()) }
        Decodes("a story's series") { try await client.send(Marvel.stories(story.id).series.list()) }

        // Paging and embedded lists agree with what the sub-collection serves.
        Decodes("the second page of 20 characters", equals: Array(catalog.characters.sorted { $0.name < $1.name }[20..<40].map(\.id))) {
            try await client.send(Marvel.characters.list(orderBy: [.name], limit: 20, offset: 20)).results.map(\.id)
        }
        Decodes("a comic's embedded creators match its sub-collection", equals: comic.creators.available) {
            try await client.send(Marvel.comics(comic.id).creators.list(limit: 100)).total
        }
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func everyRouteDecodesAndEveryRequestIsSigned(_ transport: StubTransport) async {
        let report = await Contract("Marvel: every route decodes", serving: .starting { try MarvelFake().start(transport: transport) },
                                    transport: transport, pact: transport == .socket ? MarvelPact.recording : nil) { server in
            Self.routeClauses(server.baseURL, session: server.session)
            Authenticated(.marvel(publicKey: Self.keys.publicKey, privateKey: Self.keys.privateKey))
        }.check()
        #expect(report.results.count == 42)
    }

    /// The same fake as a per-test server from the trait, with the journal
    /// assertions: what was sent, how often, and that it was signed.
    @Test(.stubServer(.starting { try MarvelFake().start() }, pact: MarvelPact.recording))
    func aPagedWalkSendsOneSignedRequestPerPage() async throws {
        try await Self.walkPages()
    }

    /// The same walk and assertions in process, with no socket.
    @Test(.stubServer(.starting { try MarvelFake().start(transport: .inProcess) }, transport: .inProcess))
    func aPagedWalkInProcessSendsOneSignedRequestPerPage() async throws {
        try await Self.walkPages()
    }

    static func walkPages() async throws {
        let server = try #require(StubServer.current)
        var names: [String] = []
        for try await character in Self.client(server).all(Marvel.characters.list(orderBy: [.name], limit: 50)) {
            names.append(character.name)
        }
        #expect(names.count == Self.catalog.characters.count)
        server.expectReceived(Get("/v1/public/characters").query("limit", "50"), .exactly(4))
        server.expectInOrder(
            Get("/v1/public/characters").query("offset", "0"),
            Get("/v1/public/characters").query("offset", "50"),
            Get("/v1/public/characters").query("offset", "100"),
            Get("/v1/public/characters").query("offset", "150")
        )
        server.expectSigned(.marvel(publicKey: Self.keys.publicKey, privateKey: Self.keys.privateKey))
    }
}
