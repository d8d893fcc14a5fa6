import Foundation
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

    /// A WireMock root's shape: many `urlPathPattern`s, so any path without a
    /// list of its own looks them up by literal start.
    static func manyURLRegexStubs(_ count: Int) -> [Stub] {
        (0..<count).map { Self.stub(.any, target: TargetMatcher(.path, .matches(TextPattern(#"\A(?:/resource-\#($0)/[0-9]+)\z"#)))) }
    }

    @Test func aPathWithoutAListOfItsOwnFindsOnlyTheRegexStubsWhoseStartItHas() {
        var stubs = Self.manyURLRegexStubs(40)                                           // 0-39
        stubs.append(Self.stub(.any))                                                    // 40: any path
        stubs.append(Self.stub(.any, target: TargetMatcher(.path, .matches("/resource-7")))) // 41: unanchored
        stubs.append(Self.stub(.regex("/resource-7/[0-9]+")))                            // 42: a regex path
        var urgent = Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/resource-7/1)\z"#)))
        urgent.priority = 5
        stubs.append(urgent)                                                             // 43: first, by priority
        let index = RouteIndex(stubs: stubs)
        #expect(index.candidates(for: "/resource-7/1") == [43, 7, 40, 41, 42])
        #expect(index.candidates(for: "/resource-39/2") == [39, 40, 41])
        #expect(index.candidates(for: "/elsewhere") == [40, 41])
        var accented = Self.manyURLRegexStubs(40)
        accented.append(Self.stub(.regex("/a[0-9é]+")))                                 // 40: start "/a"
        accented.append(Self.stub(.regex("/ax[0-9]+")))                                  // 41: start "/ax", three bytes
        #expect(RouteIndex(stubs: accented).candidates(for: "/aé/1") == [40], "the three-byte cut falls inside é: nothing found twice")
        for path in ["/resource-7/1", "/resource-39/2", "/elsewhere"] {
            let request = RecordedRequest(method: "GET", target: path)
            let matching = stubs.indices.filter { stubs[$0].request.match(request) != nil }
            #expect(matching.allSatisfy(index.candidates(for: path).contains), "every stub that matches \(path) is a candidate")
        }
    }

    @Test func shadowingAmongURLRegexStubsIsStillFound() throws {
        var stubs = Self.manyURLRegexStubs(40)
        var narrower = Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/resource-12/[0-9]+)\z"#)))
        narrower.request.headers.append(FieldMatcher("Accept", .equals("application/json")))
        stubs.append(narrower)                                                           // shadowed by 12
        stubs.append(Self.stub(.regex("/a/[0-9]+")))
        stubs.append(Self.stub(.regex("/a/[0-9]+")))                                     // shadowed by the one before
        stubs.append(Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/resource-13/[a-z]+)\z"#)))) // not shadowed
        let error = #expect(throws: StubValidationError.self) {
            try StubValidation.check(stubs, fixtures: URL(fileURLWithPath: "/nonexistent"))
        }
        let problems = error?.problems ?? []
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0.message.contains("can never match") })
    }

    @Test func aStubAddedToManyURLRegexStubsIsCheckedAgainstThemToo() throws {
        var stubs = Self.manyURLRegexStubs(40)
        var added = Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/resource-12/[0-9]+)\z"#)))
        added.request.headers.append(FieldMatcher("Accept", .equals("application/json")))
        stubs.append(added)
        let served = Dictionary(uniqueKeysWithValues: (0..<40).map { ($0, ResponseRecipe?.none) }) // checked when they were served
        let error = #expect(throws: StubValidationError.self, "only the added stub is checked, by a scan of its rivals") {
            try StubValidation.check(stubs, fixtures: URL(fileURLWithPath: "/nonexistent"), resolved: served)
        }
        #expect(error?.problems.count == 1)
        #expect(error?.problems.first?.message.contains("can never match") == true)
        stubs[40].request.target = [TargetMatcher(.path, .matches(#"\A(?:/resource-99/[0-9]+)\z"#))]
        #expect(throws: Never.self) { try StubValidation.check(stubs, fixtures: URL(fileURLWithPath: "/nonexistent"), resolved: served) }
    }
}

