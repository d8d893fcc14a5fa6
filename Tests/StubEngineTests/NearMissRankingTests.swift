import Foundation
import HTTPWire
@testable import StubEngine
import StubKit
import Testing

/// How a near-miss report ranks stubs whose path is a condition on the URL
/// (WireMock's `urlPathPattern` and `urlPattern`: any path, and a regex on
/// the target as sent).
@Suite struct NearMissRankingTests {
    /// `GET` any path whose raw path matches `regex`, as the WireMock reader makes it.
    static func urlPathPattern(_ regex: String) -> Stub {
        var pattern = RequestPattern(method: .get, path: .any)
        pattern.target = [TargetMatcher(.path, .matches(TextPattern(regex)))]
        return Stub(request: pattern, response: .fixed(StubResponse(status: 200)))
    }

    @Test func aConditionOnTheURLPathIsThePathsCheckAndWeighsAsThePath() {
        let request = EngineAnswerTests.get("/nothing")
        let checks = Self.urlPathPattern("/resource-1/[0-9]+").request.checks(against: request)
        #expect(checks.map(\.field) == ["method", "url path"], "no \"(any path)\" check, which every request would meet")
        #expect(checks.map(\.matched) == [true, false])
    }

    @Test func aStubForTheRequestsPathOutranksARegexStubForAnotherPath() throws {
        let samePath = Get("/orders").header("X-One", "1").header("X-Two", "2").respond(.text("no"))  // 4 of 6
        let regexes = (0..<20).map { Self.urlPathPattern("/resource-\($0)/[0-9]+") }                     // 1 of 4 each
        let engine = try EngineAnswerTests.engine(regexes + [samePath])
        let answer = engine.answer(EngineAnswerTests.get("/orders"))
        #expect(answer.sentStatus == 404)
        let report = try JSONDecoder().decode(UnmatchedRequestReport.self, from: Data(try #require(answer.response).body))
        #expect(report.closestStubs.first?.id == samePath.id.rawValue,
                "the path weighs three times a header: \(report.closestStubs.map(\.stub))")
        #expect(report.closestStubs.first?.score == 4.0 / 6.0)
        #expect(report.closestStubs.dropFirst().map(\.score) == [0.25, 0.25], "method only, of method and the URL path")
    }

    @Test func aRegexStubWhosePathMatchesRanksByItsOtherConditions() throws {
        var matching = Self.urlPathPattern("/orders/[0-9]+")
        matching.request.headers = [FieldMatcher("X-One", .equals("1"))]
        let engine = try EngineAnswerTests.engine([Get("/elsewhere").respond(.text("no")), matching])
        let answer = engine.answer(EngineAnswerTests.get("/orders/7"))
        let report = try JSONDecoder().decode(UnmatchedRequestReport.self, from: Data(try #require(answer.response).body))
        #expect(report.closestStubs.first?.id == matching.id.rawValue)
        #expect(report.closestStubs.first?.failures.map(\.field) == ["header X-One"])
        #expect(report.closestStubs.first?.score == 4.0 / 5.0)
    }
}
