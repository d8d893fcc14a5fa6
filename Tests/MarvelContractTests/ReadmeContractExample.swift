// The README's contract example, verbatim, so it keeps compiling and passing.
import MarvelClient
import MarvelFake
import StubTesting
import Testing

@Test func comicsContract() async {
    await Contract("Marvel comics", serving: .starting { try MarvelFake().start() }) { server in
        let client = MarvelAPIClient(baseURL: server.baseURL,
                                     credentials: .serverSide(publicKey: "1234", privateKey: "abcd"))
        Decodes("a page of comics") { try await client.send(Marvel.comics.list(limit: 5)) }
        Decodes("a comic", equals: MarvelCatalog.standard.comics[0]) {
            try await client.send(Marvel.comics(MarvelCatalog.standard.comics[0].id).get())
        }
        Fails("a limit over 100", with: MarvelError.limitTooLarge) { try await client.send(Marvel.comics.list(limit: 101)) }
        Authenticated(.marvel(publicKey: "1234", privateKey: "abcd"))   // every request the clauses sent
    }.check()
}
