import Foundation
import MarvelModels
import StubKit
import MarvelStubs
import StubServer
import Testing
import UnderstudyTestSupport

/// StubKit's Marvel recipes on a plain server: envelopes paged from the request,
/// ETag/304, exact error bodies, and the signing guard.
@Suite struct MarvelEnvelopeTests {
    static let heroes = (1...45).map { index in
        MarvelCharacter(id: index, name: "Hero \(index)", modified: "2014-04-29T14:18:17-0400",
                        resourceURI: "http://gateway.marvel.com/v1/public/characters/\(index)")
    }

    static func page(_ reply: HTTPClient.Reply) throws -> DataWrapper<MarvelCharacter> {
        try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: reply.body)
    }

    @Test func typedResultsArePagedFromTheRequest() async throws {
        let server = try StubServer.start([Get("/v1/public/characters").respond(.marvel(results: Self.heroes, attribution: .year(2014)))])
        let client = HTTPClient()
        defer { client.close(); server.stop() }
        let first = try Self.page(try await client.get(server.url("/v1/public/characters")))
        #expect(first.data.offset == 0 && first.data.limit == 20 && first.data.total == 45 && first.data.count == 20)
        #expect(first.copyright == "© 2014 MARVEL" && first.attributionText == "Data provided by Marvel. © 2014 MARVEL")
        #expect(first.attributionHTML == #"<a href="http://marvel.com">Data provided by Marvel. © 2014 MARVEL</a>"#)
        let last = try Self.page(try await client.get(server.url("/v1/public/characters?offset=40&limit=10")))
        #expect(last.data.results.map(\.id) == [41, 42, 43, 44, 45] && last.data.count == 5 && last.data.limit == 10)
        let tooMany = try await client.get(server.url("/v1/public/characters?limit=500"))
        #expect(tooMany.status == 409 && tooMany.text == #"{"code":409,"status":"You may not request more than 100 items."}"#)
    }

    @Test func theETagHeaderIsTheBodysEtagAndIfNoneMatchGets304() async throws {
        let server = try StubServer.start([Get("/list").respond(.marvel(results: Self.heroes))])
        let client = HTTPClient()
        defer { client.close(); server.stop() }
        let reply = try await client.get(server.url("/list?limit=3"))
        let etag = try #require(reply.header("ETag"))
        #expect(try Self.page(reply).etag == etag)
        #expect(etag.count == 40 && etag.allSatisfy(\.isHexDigit))
        for header in [etag, "\"\(etag)\"", "W/\"\(etag)\"", "\"other\", \(etag)"] {
            let cached = try await client.get(server.url("/list?limit=3"), headers: ["If-None-Match": header])
            #expect(cached.status == 304 && cached.body.isEmpty && cached.header("ETag") == etag, "\(header)")
        }
        #expect(try await client.get(server.url("/list?limit=3"), headers: ["If-None-Match": "nope"]).status == 200)
    }

    @Test func errorsComeInBothShapesFromClosures() async throws {
        let stubs = Stubs {
            Get("/characters/{id:int}").respond { request in
                let id = request.capture("id", as: Int.self)!
                return id <= 45 ? try request.marvel(results: [Self.heroes[id - 1]])
                    : .marvelError(404, "We couldn't find that character")
            }
            Get("/busy").respond(.marvelError(.rateLimited))
            Get("/custom").respond(.marvelError(403, code: "Forbidden", message: "Not for you."))
        }
        let server = try StubServer.start(.stubs(stubs))
        let client = HTTPClient()
        defer { client.close(); server.stop() }
        #expect(try Self.page(try await client.get(server.url("/characters/7"))).data.results.map(\.name) == ["Hero 7"])
        let missing = try await client.get(server.url("/characters/99"))
        #expect(missing.status == 404 && missing.text == #"{"code":404,"status":"We couldn't find that character"}"#)
        let busy = try await client.get(server.url("/busy"))
        #expect(busy.status == 429 && busy.text.contains("rate limit.  Please"))
        let custom = try await client.get(server.url("/custom"))
        #expect(custom.status == 403 && custom.text == #"{"code":"Forbidden","message":"Not for you."}"#)
    }

    @Test func theSigningGuardAcceptsTheWorkedExamplesAndRejectsEachBrokenVariant() async throws {
        #expect(MarvelSigning.hash(timestamp: "1", privateKey: "abcd", publicKey: "1234") == "ffd275c5130566a2916217b101f26150")
        #expect(MarvelSigning.hash(timestamp: "1", privateKey: "privkeyEXAMPLE", publicKey: "pubkeyEXAMPLE")
                == "f6ff6e68330b671d91acaa9cc95f8a84")
        let stubs = Stubs {
            Group("/v1/public", guard: .marvel(keys: ["1234": "abcd", "pubkeyEXAMPLE": "privkeyEXAMPLE"])) {
                Get("/comics").respond(.marvel(results: [Comic]()))
            }
        }
        let server = try StubServer.start(.stubs(stubs))
        let client = HTTPClient()
        defer { client.close(); server.stop() }
        func status(_ query: String) async throws -> Int { try await client.get(server.url("/v1/public/comics?\(query)")).status }
        #expect(try await status("ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150") == 200)
        #expect(try await status("ts=1&apikey=pubkeyEXAMPLE&hash=f6ff6e68330b671d91acaa9cc95f8a84") == 200)
        let fractional = "1700000000.123"
        let hash = MarvelSigning.hash(timestamp: fractional, privateKey: "abcd", publicKey: "1234")
        #expect(try await status("ts=\(fractional)&apikey=1234&hash=\(hash)") == 200, "any non-empty ts")
        #expect(try await status("ts=1&apikey=1234&hash=988c7ad7c0b32efc5293be2241692c65") == 401, "ts+public+private order")
        #expect(try await status("ts=1&apikey=1234&hash=FFD275C5130566A2916217B101F26150") == 401, "hex must be lowercase")
        #expect(try await status("ts=1&apikey=pubkeyEXAMPLE&hash=ffd275c5130566a2916217b101f26150") == 401, "another key's hash")
        #expect(try await status("ts=1&hash=ffd275c5130566a2916217b101f26150") == 409)
        #expect(try await status("ts=1&apikey=1234") == 409)
        #expect(try await status("apikey=1234&hash=ffd275c5130566a2916217b101f26150") == 409)
    }
}
