@testable import StubKit
import Testing

/// A literal path's candidates leave out regex and URL-regex stubs that
/// cannot match it, and keep every one that might.
@Suite struct RouteIndexPruningTests {
    static func stub(_ path: PathPattern, target: TargetMatcher? = nil) -> Stub {
        var pattern = RequestPattern(method: .get, path: path)
        if let target { pattern.target.append(target) }
        return Stub(request: pattern, location: CodeLocation(fileID: "StubKitTests/RouteIndexPruningTests.swift", line: 1, column: 1))
    }

    @Test func aLiteralPathSkipsOnlyTheRegexStubsThatCannotMatchIt() {
        let stubs = [
            Self.stub(.literal("/fixed")),
            Self.stub(.regex("/resource-1/[0-9]+")),                                        // 1: cannot match /fixed
            Self.stub(.regex("/fix.*")),                                                    // 2: matches
            Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/resource-3/[0-9]+)\z"#))), // 3: cannot
            Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/fi[x]ed)\z"#))),  // 4: prefix /fi fits
            Self.stub(.any, target: TargetMatcher(.path, .matches("/resource-5"))),         // 5: unanchored: kept
            Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A/fix%65d"#))),         // 6: % in the prefix: kept
            Self.stub(.any),                                                                // 7: any path
            Self.stub(.regex("/fi[0-9]+")),                                                 // 8: only the start is judged: kept
        ]
        let index = RouteIndex(stubs: stubs)
        #expect(index.candidates(for: "/fixed") == [0, 2, 4, 5, 6, 7, 8])
        #expect(index.candidates(for: "/resource-1/9") == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    @Test func aRequestStillMeetsTheURLRegexStubItMatches() {
        let stubs = [Self.stub(.literal("/other")), Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/fix%65d)\z"#)))]
        let index = RouteIndex(stubs: stubs)
        let request = RecordedRequest(method: "GET", target: "/fix%65d")
        #expect(index.candidates(for: request.path).contains(1))
        #expect(stubs[1].request.match(request) != nil)
    }
}
