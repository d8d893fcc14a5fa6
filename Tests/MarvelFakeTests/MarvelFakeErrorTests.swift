import Foundation
import MarvelFake
import MarvelModels
import StubKit
import Testing
import UnderstudyTestSupport

/// Every documented error of the real API, with its exact status and body.
@Suite struct MarvelFakeErrorTests {
    static let signed = "ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
    static let character = MarvelCatalog.standard.characters[0].id
    static let comic = MarvelCatalog.standard.comics[0].id

    struct Case: Sendable, CustomTestStringConvertible {
        var target: String
        var status: Int
        var body: String
        var method = "GET"
        var testDescription: String { "\(method) \(target) → \(status)" }
    }

    static let cases: [Case] = [
        // Signing
        Case(target: "/v1/public/comics", status: 409,
             body: #"{"code":"MissingParameter","message":"You must provide a user key."}"#),
        Case(target: "/v1/public/comics?ts=1&apikey=1234", status: 409,
             body: #"{"code":"MissingParameter","message":"You must provide a hash."}"#),
        Case(target: "/v1/public/comics?apikey=1234&hash=ffd275c5130566a2916217b101f26150", status: 409,
             body: #"{"code":"MissingParameter","message":"You must provide a timestamp."}"#),
        Case(target: "/v1/public/comics?ts=1&apikey=9999&hash=ffd275c5130566a2916217b101f26150", status: 401,
             body: #"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#),
        Case(target: "/v1/public/comics?ts=1&apikey=&hash=ffd275c5130566a2916217b101f26150", status: 401,
             body: #"{"code":"InvalidCredentials","message":"The passed API key is invalid."}"#),
        Case(target: "/v1/public/comics?ts=1&apikey=1234&hash=988c7ad7c0b32efc5293be2241692c65", status: 401,
             body: #"{"code":"InvalidCredentials","message":"That hash, timestamp and key combination is invalid."}"#),
        Case(target: "/v1/public/comics?ts=&apikey=1234&hash=ffd275c5130566a2916217b101f26150", status: 401,
             body: #"{"code":"InvalidCredentials","message":"That hash, timestamp and key combination is invalid."}"#),
        Case(target: "/v1/public/comics?ts=2&apikey=1234&hash=ffd275c5130566a2916217b101f26150", status: 401,
             body: #"{"code":"InvalidCredentials","message":"That hash, timestamp and key combination is invalid."}"#),
        // Routing, before signing
        Case(target: "/v1/public/comics", status: 405,
             body: #"{"code":"MethodNotAllowed","message":"POST is not allowed"}"#, method: "POST"),
        Case(target: "/v1/public/characters/\(character)/comics", status: 405,
             body: #"{"code":"MethodNotAllowed","message":"DELETE is not allowed"}"#, method: "DELETE"),
        Case(target: "/v1/public/comics/\(comic)", status: 405,
             body: #"{"code":"MethodNotAllowed","message":"TRACE is not allowed"}"#, method: "TRACE"),
        Case(target: "/v1/public/comics/%0D%C2%85/stories?\(signed)", status: 404,
             body: #"{"code":"ResourceNotFound","message":"/v1/public/comics/%0D%C2%85/stories?\#(signed) does not exist"}"#),
        Case(target: "/v1/public/creators/186/characters?\(signed)", status: 404,
             body: #"{"code":"ResourceNotFound","message":"/v1/public/creators/186/characters?\#(signed) does not exist"}"#),
        Case(target: "/v1/public/characters/\(character)/creators", status: 404,
             body: #"{"code":"ResourceNotFound","message":"/v1/public/characters/\#(character)/creators does not exist"}"#),
        Case(target: "/v1/public/heroes?\(signed)", status: 404,
             body: #"{"code":"ResourceNotFound","message":"/v1/public/heroes?\#(signed) does not exist"}"#),
        // Unknown ids
        Case(target: "/v1/public/characters/1?\(signed)", status: 404, body: #"{"code":404,"status":"We couldn't find that character"}"#),
        Case(target: "/v1/public/comics/1?\(signed)", status: 404, body: #"{"code":404,"status":"We couldn't find that comic_issue"}"#),
        Case(target: "/v1/public/characters/1/comics?\(signed)", status: 404, body: #"{"code":404,"status":"We couldn't find that character"}"#),
        // Parameters
        Case(target: "/v1/public/characters?limit=101&\(signed)", status: 409,
             body: #"{"code":409,"status":"You may not request more than 100 items."}"#),
        Case(target: "/v1/public/characters?limit=0&\(signed)", status: 409,
             body: #"{"code":409,"status":"You must pass an integer limit greater than 0."}"#),
        Case(target: "/v1/public/characters?limit=-1&\(signed)", status: 409,
             body: #"{"code":409,"status":"You must pass an integer limit greater than 0."}"#),
        Case(target: "/v1/public/characters?Thor=1&\(signed)", status: 409,
             body: #"{"code":409,"status":"We don't recognize the parameter Thor"}"#),
        Case(target: "/v1/public/creators?name=Ada&\(signed)", status: 409,
             body: #"{"code":409,"status":"We don't recognize the parameter name"}"#),
        Case(target: "/v1/public/comics/\(comic)?comicId=\(comic)&\(signed)", status: 409,
             body: #"{"code":409,"status":"We don't recognize the parameter comicId"}"#),
        Case(target: "/v1/public/characters/\(character)/comics?characters=1&\(signed)", status: 409,
             body: #"{"code":409,"status":"We don't recognize the parameter characters"}"#),
        Case(target: "/v1/public/comics/\(comic)/creators?events=1&\(signed)", status: 409,
             body: #"{"code":409,"status":"We don't recognize the parameter events"}"#),
        Case(target: "/v1/public/characters?name=&\(signed)", status: 409,
             body: #"{"code":409,"status":"name cannot be blank if it is set"}"#),
        Case(target: "/v1/public/characters?nameStartsWith=&\(signed)", status: 409,
             body: #"{"code":409,"status":"nameStartsWith cannot be blank if it is set"}"#),
        Case(target: "/v1/public/comics?title=&\(signed)", status: 409,
             body: #"{"code":409,"status":"title cannot be blank if it is set"}"#),
        Case(target: "/v1/public/characters?orderBy=goofiness&\(signed)", status: 409,
             body: #"{"code":409,"status":"goofiness is not a valid ordering parameter."}"#),
        Case(target: "/v1/public/stories?orderBy=typ&\(signed)", status: 409,
             body: #"{"code":409,"status":"typ is not a valid ordering parameter."}"#),
        Case(target: "/v1/public/characters?comics=1,2,3,4,5,6,7,8,9,10,11&\(signed)", status: 409,
             body: #"{"code":409,"status":"You may not submit more than 10 issue ids."}"#),
        Case(target: "/v1/public/comics?series=1,2,3,4,5,6,7,8,9,10,11&\(signed)", status: 409,
             body: #"{"code":409,"status":"You may not submit more than 10 series ids."}"#),
        Case(target: "/v1/public/comics?characters=1,2,3,4,5,6,7,8,9,10,11&\(signed)", status: 409,
             body: #"{"code":409,"status":"You may not submit more than 10 character ids."}"#),
        Case(target: "/v1/public/characters?comics=spider&\(signed)", status: 409,
             body: #"{"code":409,"status":"You must pass at least one valid issue id if you set the issue filter."}"#),
        Case(target: "/v1/public/characters?comics=&\(signed)", status: 409,
             body: #"{"code":409,"status":"You must pass at least one valid issue id if you set the issue filter."}"#),
        Case(target: "/v1/public/comics?series=x&\(signed)", status: 409,
             body: #"{"code":409,"status":"You must pass at least one valid series if you set the series filter."}"#),
        Case(target: "/v1/public/characters?modifiedSince=yesterday&\(signed)", status: 409,
             body: #"{"code":409,"status":"Invalid value passed to filter modifiedSince."}"#),
    ]

    @Test(arguments: cases)
    func theAPIsExactErrorIsAnswered(_ example: Case) async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let reply = try await fake.raw(example.target, method: example.method)
        #expect(reply.status == example.status)
        #expect(reply.text == example.body)
        #expect(reply.header("Content-Type") == "application/json")
        #expect(reply.header("Access-Control-Allow-Origin") == "*", "a browser client can read the API's errors")
        #expect(reply.header("Allow") == (example.status == 405 ? "GET, HEAD" : nil), "a 405 says what is allowed (RFC 9110 15.5.6)")
        let (_, differences) = try StrictDecoding.decode(MarvelAPIError.self, from: reply.body)
        #expect(differences.isEmpty, "the models read the fake's error exactly: \(differences)")
    }

    @Test func theCallBudgetRunsOutWith429AndRefusedCallsStillCount() async throws {
        let fake = try MarvelHarness(.init(callBudget: 2))
        defer { fake.stop() }
        #expect(try await fake.get("/v1/public/events").status == 200)
        #expect(try await fake.get("/v1/public/events").status == 200)
        let refused = try await fake.get("/v1/public/events")
        #expect(refused.status == 429)
        #expect(refused.text == #"{"code":"RequestThrottled","message":"You have exceeded your rate limit.  Please try again later."}"#)
        #expect(try await fake.raw("/v1/public/events").status == 409, "signing is checked before the budget")
        #expect(fake.fake.budget.callsMade == 3)
        fake.fake.budget.reset()
        #expect(try await fake.get("/v1/public/events").status == 200)
    }

    @Test func otherKeysWorkWhenConfigured() async throws {
        let fake = try MarvelHarness(.init(publicKey: "pubkeyEXAMPLE", privateKey: "privkeyEXAMPLE"))
        defer { fake.stop() }
        let reply = try await fake.raw("/v1/public/characters?limit=1&ts=1&apikey=pubkeyEXAMPLE&hash=f6ff6e68330b671d91acaa9cc95f8a84")
        #expect(reply.status == 200)
        #expect(reply.text.contains("utm_source=pubkeyEXAMPLE"), "entity URLs carry the public key")
        #expect(try await fake.raw("/v1/public/comics?\(Self.signed)").status == 401)
    }
}
