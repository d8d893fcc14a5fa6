import Foundation
import StubKit
import Testing

@Suite struct DSLTests {
    @Test func buildsStubsWithControlFlowAndRecordsEachLocation() {
        let includeAdmin = true
        let optionalTeam: String? = nil
        let line = #line
        let stubs = Stubs {
            Get("/health")
            if includeAdmin { Delete("/admin/cache") }
            if let optionalTeam { Get("/teams/\(optionalTeam)") }
            if includeAdmin { Put("/a") } else { Patch("/b") }
            for id in 1...3 { Get("/items/\(id)").respond(.text("item \(id)")) }
            Post("/things")
            Head("/h"); Options("/o"); Route("PROPFIND", "/dav"); Route(nil, "/any"); Route("/every")
        }
        #expect(stubs.map(\.request.description) == [
            "GET /health", "DELETE /admin/cache", "PUT /a", "GET /items/1", "GET /items/2", "GET /items/3",
            "POST /things", "HEAD /h", "OPTIONS /o", "PROPFIND /dav", "* /any", "* /every",
        ])
        #expect(stubs[0].location.line == line + 2)
        #expect(stubs[1].location.line == line + 3)
        #expect(stubs[3].location.line == stubs[5].location.line, "loop stubs share their line")
        #expect(Set(stubs.map(\.id)).count == stubs.count, "ids are unique even in a loop")
        #expect(stubs.allSatisfy { $0.location.fileID == #fileID })
    }

    @Test func groupsPrefixPathsAndShareGuardsAndHeaders() {
        let stubs = Stubs {
            Group("/v1/public", guard: .bearer("t0ken"), requiringHeaders: [FieldMatcher("Accept", .contains("json"))],
                  responseHeaders: ["X-Served-By": "understudy"]) {
                Get("/characters")
                Get("/characters/{id:int}")
                Group("/admin") { Delete("/cache") }
            }
        }
        #expect(stubs.map(\.request.path.description) == ["/v1/public/characters", "/v1/public/characters/{id:int}", "/v1/public/admin/cache"])
        #expect(stubs.allSatisfy { $0.guards.count == 1 })
        #expect(stubs.allSatisfy { $0.request.headers.map(\.description) == [#"Accept contains "json""#] })
        #expect(stubs.allSatisfy { $0.responseHeaders["X-Served-By"] == "understudy" })
    }

    @Test func modifiersSetEveryField() {
        let stub = Get("/x")
            .query("limit", "20").header("Accept", .contains("json")).cookie("session", .present)
            .body(.contains("hi")).matching("has no fragment") { !$0.target.contains("#") }
            .priority(5).times(2).delay(.milliseconds(10)).inScenario("login", whenState: "Started", willSetStateTo: "In")
            .id("x-stub").responseHeader("X-A", "1")
        #expect(stub.request.query.map(\.description) == [#"limit == "20""#])
        #expect(stub.request.cookies.count == 1 && stub.request.body.count == 1 && stub.request.predicates.count == 1)
        #expect(stub.priority == 5 && stub.times == 2 && stub.delay == .fixed(.milliseconds(10)))
        #expect(stub.scenario == ScenarioStep(scenario: "login", requiredState: "Started", newState: "In"))
        #expect(stub.id == "x-stub")
    }

    @Test func aValueThatCannotEncodeBecomesAProblemNotACrash() {
        struct Unencodable: Encodable {
            func encode(to encoder: any Encoder) throws { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "nope")) }
        }
        let stub = Get("/x").respond(json: Unencodable())
        #expect(stub.problem?.contains("cannot encode Unencodable as JSON") == true)
    }
}

@Suite struct PathTemplateTests {
    @Test func capturesTypedSegmentsAndTheRest() {
        let template = PathTemplate("/characters/{id:int}/comics/{slug}")
        #expect(template.match("/characters/1009610/comics/amazing") == ["id": "1009610", "slug": "amazing"])
        #expect(template.match("/characters/spider/comics/amazing") == nil, "int capture refuses letters")
        #expect(template.match("/characters/1/comics") == nil)
        #expect(template.match("/characters/1/comics/a/b") == nil)
        #expect(template.literalPrefix == "/characters")
        #expect(PathTemplate("/files/{path*}").match("/files/a/b/c.txt") == ["path": "a/b/c.txt"])
        #expect(PathTemplate("/files/{path*}").match("/files/") == ["path": ""])
        #expect(PathTemplate("/u/{id:uuid}").match("/u/123e4567-e89b-12d3-a456-426614174000") != nil)
        #expect(PathTemplate("/u/{id:uuid}").match("/u/123") == nil)
    }

    @Test func reportsTemplatesThatCannotWork() {
        #expect(PathTemplate("/a/{id}/b/{id}").problem == #"path template "/a/{id}/b/{id}": duplicate capture name "id""#)
        #expect(PathTemplate("/a/{id:float}").problem?.contains("unknown capture type \"float\"") == true)
        #expect(PathTemplate("/a/{rest*}/b").problem?.contains("must be the last segment") == true)
        #expect(PathTemplate("/a/{id}").problem == nil)
        #expect(PathPattern.parse("no-slash").problem == #"path "no-slash" must start with /"#)
        #expect(PathPattern.regex("(unclosed").problem == "invalid regular expression /(unclosed/")
    }

    @Test func regexPathsMatchTheWholePathAndCaptureNamedGroups() {
        let pattern = PathPattern.regex(#"/v(?<version>\d+)/items"#)
        #expect(pattern.match("/v2/items") == ["version": "2"])
        #expect(pattern.match("/v2/items/extra") == nil)
        #expect(pattern.prefixed(with: "/api").match("/api/v3/items") == ["version": "3"])
    }
}

@Suite struct MatcherTests {
    @Test func valueMatchersCoverEveryCase() {
        #expect(ValueMatcher.equals("a").accepts(["b", "a"]))
        #expect(!ValueMatcher.equals("a").accepts(["A"]))
        #expect(ValueMatcher.equalsIgnoringCase("a").accepts(["A"]))
        #expect(ValueMatcher.contains("json").accepts(["application/json; charset=utf-8"]))
        #expect(ValueMatcher.matches(#"^\d+$"#).accepts(["123"]) && !ValueMatcher.matches(#"^\d+$"#).accepts(["12a"]))
        #expect(ValueMatcher.present.accepts([""]) && !ValueMatcher.present.accepts([]))
        #expect(ValueMatcher.absent.accepts([]) && !ValueMatcher.absent.accepts(["x"]))
        #expect(ValueMatcher.oneOf(["a", "b"]).accepts(["b"]) && !ValueMatcher.oneOf(["a", "b"]).accepts(["c"]))
        #expect(ValueMatcher.values(["1", "2"]).accepts(["1", "2"]) && !ValueMatcher.values(["1", "2"]).accepts(["2", "1"]))
    }

    @Test func bodyMatchersCoverEveryCase() {
        let body = Data(#"{"name":"Spider-Man","tags":["a","b"],"data":{"results":[{"id":7}]},"extra":true}"#.utf8)
        #expect(BodyMatcher.exact(body).accepts(body))
        #expect(BodyMatcher.contains("Spider").accepts(body))
        #expect(BodyMatcher.matches(#""id":\s*7"#).accepts(body))
        #expect(BodyMatcher.json(#"{"extra":true,"tags":["a","b"],"data":{"results":[{"id":7}]},"name":"Spider-Man"}"#).accepts(body))
        #expect(!BodyMatcher.json(#"{"name":"Spider-Man"}"#).accepts(body), "equality does not ignore keys")
        #expect(BodyMatcher.jsonSubset(JSONValue(json: #"{"name":"Spider-Man"}"#)!, ignoringArrayOrder: false).accepts(body))
        #expect(!BodyMatcher.jsonSubset(JSONValue(json: #"{"tags":["b","a"]}"#)!, ignoringArrayOrder: false).accepts(body))
        #expect(BodyMatcher.jsonSubset(JSONValue(json: #"{"tags":["b","a"]}"#)!, ignoringArrayOrder: true).accepts(body))
        #expect(BodyMatcher.jsonSubset(#"{"data":{"results":[{"id":7}]}}"#).accepts(body), "JSON text is parsed, not taken as a JSON string")
        #expect(!BodyMatcher.jsonSubset(#"{"name":"Venom"}"#).accepts(body))
        #expect(BodyMatcher.jsonSubset("{not json") == .unparsableJSON("{not json"))
        #expect(BodyMatcher.jsonPath("data.results[0].id", equals: .number(7)).accepts(body))
        #expect(BodyMatcher.jsonPath("$.tags[1]", equals: .string("b")).accepts(body))
        #expect(!BodyMatcher.jsonPath("data.results[1].id", equals: .number(7)).accepts(body))
        #expect(!BodyMatcher.json(#"{"a":1}"#).accepts(Data("not json".utf8)))
    }

    @Test func checksMarkEveryFieldMatchedOrNot() {
        let pattern = Get("/characters").query("limit", "20").header("Accept", .contains("json")).request
        let request = RecordedRequest(method: "GET", target: "/characters?limit=500", headers: ["Accept": "application/json"])
        let checks = pattern.checks(against: request)
        #expect(checks.map(\.field) == ["method", "path", "query limit", "header Accept"])
        #expect(checks.map(\.matched) == [true, true, false, true])
        #expect(checks[2].description == #"✗ query limit: expected == "20", got "500""#)
    }

    /// A stub keeps its fields in one shared box; changing a copy changes
    /// only the copy, however deep the change.
    @Test func aChangedCopyLeavesTheStubItCameFromAsItWas() {
        let original = Get("/characters").query("limit", "20").respond(.text("ok")).times(2)
        var copy = original
        copy.request.query.append(FieldMatcher("offset", .equals("0")))
        copy.times = nil
        copy.name = "copy"
        #expect(original.request.query.count == 1)
        #expect(original.times == 2)
        #expect(original.name == nil)
        #expect(copy.request.query.count == 2)
        #expect(copy.times == nil && copy.name == "copy")
        #expect(copy.id == original.id && copy.location == original.location)
    }
}
