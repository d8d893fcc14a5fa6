import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarvelClient
import MarvelFake
import MarvelModels
import StubKit
import StubServer
import Testing

/// The typed client against the real server: the fake for the whole API, plain
/// stubs for the error bodies and retry flows.
@Suite struct MarvelClientTests {
    static func client(_ server: StubServer, privateKey: String = "abcd", cachesByETag: Bool = false,
                       delegate: any MarvelClientDelegate = DefaultMarvelClientDelegate()) -> MarvelAPIClient<WithKeys> {
        MarvelAPIClient(baseURL: server.baseURL, credentials: .serverSide(publicKey: "1234", privateKey: privateKey),
                        timestamp: { "1000" }, delegate: delegate, cachesByETag: cachesByETag)
    }

    @Test func decodesEveryEntityWithItsQuirksFromTheFake() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        let client = Self.client(server)
        let characters = try await client.send(Marvel.characters.list(limit: 100, offset: 50))
        #expect(characters.count == 100 && characters.total == 160 && characters.offset == 50 && characters.etag?.count == 40)
        #expect(characters.results.contains { $0.modified.isUnknown })
        #expect(characters.results.contains { $0.description == "" } && characters.results.contains { $0.thumbnail == .notAvailable })
        let comics = try await client.send(Marvel.comics.list(limit: 100))
        #expect(comics.results.contains { $0.description == nil && $0.digitalId == 0 })
        #expect(comics.results.allSatisfy { $0.issueNumber == $0.issueNumber.rounded() })
        let events = try await client.send(Marvel.events.list())
        #expect(events.results.allSatisfy { $0.start?.date != nil && $0.next != nil && $0.previous != nil })
        let series = try await client.send(Marvel.series.list(seriesType: .ongoing, orderBy: [.startYearDescending]))
        #expect(series.total > 0 && series.results.allSatisfy { $0.type == "ongoing" })
        #expect(series.results.map(\.startYear) == series.results.map(\.startYear).sorted(by: >))
        let allSeries = try await client.send(Marvel.series.list(limit: 100))
        #expect(allSeries.results.contains { $0.description == nil } && allSeries.results.contains { $0.next == nil })
        let story = try await client.send(Marvel.stories(MarvelCatalog.standard.stories[3].id).get())
        #expect(story.originalIssue.id == MarvelCatalog.standard.comics[1].id)
        let creators = try await client.send(Marvel.comics(MarvelCatalog.standard.comics[0].id).creators.list())
        #expect(creators.count == 3)
        let character = try await client.send(Marvel.characters(MarvelCatalog.standard.characters[0].id).get())
        #expect(character.thumbnail?.url(.standardLarge)?.absoluteString.hasSuffix("/standard_large.\(character.thumbnail!.fileExtension)") == true)
    }

    @Test func signingIsCheckedByTheServer() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        _ = try await Self.client(server).send(Marvel.creators.list(lastNameStartsWith: "Ab"))
        let query = try #require(server.journal.entries.last?.request.query)
        #expect(query.contains(QueryItem(name: "ts", value: "1000")))
        #expect(query.contains(QueryItem(name: "hash", value: MarvelSigning.hash(timestamp: "1000", privateKey: "abcd", publicKey: "1234"))))
        await #expect(throws: MarvelError.invalidSignature) {
            try await Self.client(server, privateKey: "wrong").send(Marvel.creators.list())
        }
        let browser = MarvelAPIClient(baseURL: server.baseURL, credentials: .clientSide(publicKey: "1234", referer: "https://example.com"))
        await #expect(throws: MarvelError.missingHash) { try await browser.send(Marvel.comics.list()) }
        #expect(server.journal.entries.last?.request.headers["Referer"] == "https://example.com")
    }

    @Test func theFakesValidationArrivesAsTypedErrors() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        let client = Self.client(server)
        await #expect(throws: MarvelError.limitTooLarge) { try await client.send(Marvel.comics.list(limit: 101)) }
        await #expect(throws: MarvelError.unknownParameter(name: "characters")) {
            try await client.send(Marvel.characters(MarvelCatalog.standard.characters[0].id).comics.list(characters: [1]))
        }
        await #expect(throws: MarvelError.notFound(message: "We couldn't find that comic_issue")) {
            try await client.send(Marvel.comics(1).get())
        }
        await #expect(throws: MarvelError.tooManyIDs(message: "You may not submit more than 10 issue ids.")) {
            try await client.send(Marvel.characters.list(comics: Array(1...11)))
        }
    }

    // Every documented error body → MarvelError: see MarvelContractTests/MarvelErrorContractTests.

    @Test func otherFailuresSayWhatHappened() async throws {
        let server = try StubServer.start(.stubs {
            Get("/v1/public/comics").respond(.text("upstream exploded", status: 502))
            Get("/v1/public/characters").respond(.json(#"{"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[{"id":"seven"}]}}"#))
        })
        defer { server.stop() }
        let client = Self.client(server)
        await #expect(throws: MarvelError.unexpectedStatus(502, body: "upstream exploded")) { try await client.send(Marvel.comics.list()) }
        do {
            _ = try await client.send(Marvel.characters.list())
            Issue.record("expected a decoding error")
        } catch let error as MarvelError {
            guard case .decoding(let type, let path, _) = error else { Issue.record("\(error)"); return }
            #expect(type.contains("MarvelCharacter") && path == "data.results[0].id", "\(error)")
        }
        let port = server.port
        server.stop()
        await #expect(throws: MarvelError.self) {
            try await MarvelAPIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!,
                                      credentials: .serverSide(publicKey: "1234", privateKey: "abcd")).send(Marvel.comics.list())
        }
    }

    /// Retries once on 401 after refreshing, the way a key rotation would be handled.
    final class RefreshingDelegate: MarvelClientDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var refreshes: Int { lock.withLock { count } }
        func shouldRetry(_ request: URLRequest, error: any Error, attempts: Int) async throws -> Bool {
            guard error as? MarvelError == .invalidSignature, attempts == 1 else { return false }
            lock.withLock { count += 1 }
            return true
        }
    }

    @Test func aDelegateRetriesOnceAfterA401() async throws {
        let empty = try StubResponse.marvel(results: [Event](), for: RecordedRequest(method: "GET", target: "/v1/public/events"))
        let stubs = Stubs {
            Get("/v1/public/events").respondInSequence([.marvelError(.invalidSignature), empty])
            Get("/v1/public/series").respond(.marvelError(.invalidSignature))
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        let delegate = RefreshingDelegate()
        let client = Self.client(server, delegate: delegate)
        let page = try await client.send(Marvel.events.list())
        #expect(page.total == 0 && delegate.refreshes == 1)
        await #expect(throws: MarvelError.invalidSignature) { try await client.send(Marvel.series.list()) }
        #expect(delegate.refreshes == 2, "one retry, then the error")
        #expect(server.journal.count == 4)
    }

    @Test func pagingWalksAWholeListOnce() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        var ids: [Int] = []
        for try await character in Self.client(server).all(Marvel.characters.list(orderBy: [.name], limit: 45)) {
            ids.append(character.id)
        }
        #expect(ids.count == 160 && Set(ids).count == 160)
        #expect(server.journal.count == 4, "160 results in pages of 45")
    }

    @Test func theETagCacheSendsIfNoneMatchAndReusesTheValueOn304() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        let client = Self.client(server, cachesByETag: true)
        let first = try await client.send(Marvel.comics.list(limit: 5))
        let second = try await client.send(Marvel.comics.list(limit: 5))
        #expect(first == second)
        let sent = server.journal.entries.map { $0.request.headers["If-None-Match"] }
        #expect(sent == [nil, first.etag])
        #expect(await client.cachedETagCount == 1)
    }

    @Test func aClientWithoutKeysSendsUnsignedRequests() async throws {
        let server = try StubServer.start([Get("/img/portrait_xlarge.jpg").respond(StubResponse(body: Data([0xFF, 0xD8])))])
        defer { server.stop() }
        let anonymous = MarvelAPIClient(baseURL: server.baseURL)
        let image = MarvelImage(path: server.baseURL.absoluteString + "/img", fileExtension: "jpg")
        let bytes = try await anonymous.send(.download(try #require(image.url(.portraitXLarge))))
        #expect(bytes == Data([0xFF, 0xD8]))
        #expect(server.journal.entries.first?.request.query.isEmpty == true, "no keys sent")
    }
}
