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

/// The Marvel contract, part 2: every documented error reaches the caller as
/// its own `MarvelError` case, first as the fake produces it from a real
/// mistake, then from each exact error body the API is known to send.
@Suite struct MarvelErrorContractTests {
    static func client(_ server: StubServer, publicKey: String = "1234", privateKey: String = "abcd",
                       timestamp: @escaping @Sendable () -> String = MarvelSigner.unixMilliseconds
    ) -> MarvelAPIClient<WithKeys> {
        MarvelAPIClient(baseURL: server.baseURL, credentials: .serverSide(publicKey: publicKey, privateKey: privateKey),
                        timestamp: timestamp)
    }

    /// Mistakes a caller can make with the typed client, as clauses against
    /// the API at `baseURL`. A request signed wrongly on purpose uses a fixed
    /// clock and a query of its own, so a pact can state it exactly and a
    /// pact stub cannot mistake it for a well-signed one.
    @ContractBuilder
    static func mistakeClauses(_ baseURL: URL, session: URLSession? = nil) -> [ContractClause] {
        let character = MarvelCatalog.standard.characters[0].id
        let client = MarvelAPIClient(baseURL: baseURL, credentials: .serverSide(publicKey: "1234", privateKey: "abcd"), session: session)
        let wrongSecret = MarvelAPIClient(baseURL: baseURL, credentials: .serverSide(publicKey: "1234", privateKey: "not-the-key"),
                                          timestamp: { "1" }, session: session)
        let unknownKey = MarvelAPIClient(baseURL: baseURL, credentials: .serverSide(publicKey: "9999", privateKey: "abcd"),
                                         timestamp: { "1" }, session: session)
        let browser = MarvelAPIClient(baseURL: baseURL, credentials: .clientSide(publicKey: "1234", referer: "https://example.com"), session: session)

        Fails("a limit over 100", with: MarvelError.limitTooLarge) { try await client.send(Marvel.comics.list(limit: 101)) }
        Fails("a limit of 0", with: MarvelError.limitInvalid) { try await client.send(Marvel.comics.list(limit: 0)) }
        Fails("a parent filter on a sub-collection", with: MarvelError.unknownParameter(name: "characters")) {
            try await client.send(Marvel.characters(character).comics.list(characters: [1]))
        }
        Fails("eleven ids in a filter", with: MarvelError.tooManyIDs(message: "You may not submit more than 10 issue ids.")) {
            try await client.send(Marvel.characters.list(comics: Array(1...11)))
        }
        Fails("an id that does not exist", with: MarvelError.notFound(message: "We couldn't find that comic_issue")) {
            try await client.send(Marvel.comics(1).get())
        }
        Fails("the wrong private key", with: MarvelError.invalidSignature) { try await wrongSecret.send(Marvel.series.list(limit: 3)) }
        Fails("an unknown public key", with: MarvelError.invalidAPIKey) { try await unknownKey.send(Marvel.series.list()) }
        Fails("a browser key from the server side", with: MarvelError.missingHash) { try await browser.send(Marvel.events.list()) }
    }

    /// Mistakes a caller can make with the typed client, answered by the
    /// fake over the socket and in process alike.
    @Test(arguments: [StubTransport.socket, .inProcess])
    func theFakesAnswersToRealMistakesMapToTypedErrors(_ transport: StubTransport) async {
        await Contract("Marvel: mistakes map to errors", serving: .starting { try MarvelFake().start(transport: transport) },
                       transport: transport, pact: transport == .socket ? MarvelPact.recording : nil) { server in
            Self.mistakeClauses(server.baseURL, session: server.session)
        }.check()
    }

    /// The gateway's message quotes the whole request target, signing
    /// included, in the order it was sent. Not in the pact: Pact states a
    /// query as a map, so a verifier sends it in an order of its own.
    @Test func aRouteThatDoesNotExistQuotesTheWholeTarget() async {
        await Contract("Marvel: an unknown route", serving: .starting { try MarvelFake().start() }) { server in
            let fixedClock = Self.client(server, timestamp: { "1" })
            Fails("a route that does not exist", with: MarvelError.routeNotFound(
                message: "/v1/public/heroes?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150 does not exist"
            )) {
                try await fixedClock.send(ListEndpoint<MarvelCharacter, CharacterQuery>(path: "/v1/public/heroes").list(CharacterQuery()))
            }
        }.check()
    }

    @Test func aSpentCallBudgetMapsToRateLimited() async {
        await Contract("Marvel: the call budget", serving: .starting { try MarvelFake(.init(callBudget: 1)).start() }) { server in
            let client = Self.client(server)
            Decodes("the first call") { try await client.send(Marvel.stories.list(limit: 1)) }
            Fails("the second call", with: MarvelError.rateLimited) { try await client.send(Marvel.stories.list(limit: 1)) }
            Authenticated(.marvel(publicKey: "1234", privateKey: "abcd"))
        }.check()
    }

    /// Each exact body of the reference, served by a plain stub on its own path.
    static let documented: [(failure: MarvelFailure, error: MarvelError)] = [
        (.missingAPIKey, .missingAPIKey),
        (.missingHash, .missingHash),
        (.missingTimestamp, .missingTimestamp),
        (.invalidAPIKey, .invalidAPIKey),
        (.invalidSignature, .invalidSignature),
        (.rateLimited, .rateLimited),
        (.methodNotAllowed("POST"), .methodNotAllowed(message: "POST is not allowed")),
        (.routeNotFound("/v1/public/x"), .routeNotFound(message: "/v1/public/x does not exist")),
        (.notFound("character"), .notFound(message: "We couldn't find that character")),
        (.limitTooLarge, .limitTooLarge),
        (.limitInvalid, .limitInvalid),
        (.unknownParameter("Thor"), .unknownParameter(name: "Thor")),
        (.blankParameter("name"), .blankParameter(name: "name")),
        (.invalidOrdering("goofiness"), .invalidOrdering(value: "goofiness")),
        (.tooManyIDs(filter: "series"), .tooManyIDs(message: "You may not submit more than 10 series ids.")),
        (.invalidIDFilter(filter: "comics"), .invalidIDFilter(message: "You must pass at least one valid issue id if you set the issue filter.")),
        (.invalidParameter("modifiedSince"), .invalidParameter(message: "Invalid value passed to filter modifiedSince.")),
        (.invalidReferer("Referer not allowed."), .invalidReferer(message: "Referer not allowed.")),
        (.forbidden("No."), .forbidden(message: "No.")),
    ]

    @Test func everyDocumentedErrorBodyMapsToItsCase() async {
        let stubs = Stubs {
            for (index, entry) in Self.documented.enumerated() {
                Get("/v1/public/errors/\(index)").respond(.marvelError(entry.failure))
            }
        }
        let report = await Contract("Marvel: documented error bodies", serving: .stubs(stubs)) { server in
            let client = Self.client(server)
            for (index, entry) in Self.documented.enumerated() {
                Fails("\(entry.failure)", with: entry.error) {
                    try await client.send(ListEndpoint<Comic, ComicQuery>(path: "/v1/public/errors/\(index)").list(ComicQuery()))
                }
            }
            Authenticated(.marvel(publicKey: "1234", privateKey: "abcd"))
        }.check()
        #expect(report.passedCount == Self.documented.count + 1)
    }
}
