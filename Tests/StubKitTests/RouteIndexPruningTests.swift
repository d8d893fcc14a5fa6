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
        let served = Array(repeating: true, count: 40) + [false] // checked when they were served
        let error = #expect(throws: StubValidationError.self, "only the added stub is checked, by a scan of its rivals") {
            try StubValidation.check(stubs, fixtures: URL(fileURLWithPath: "/nonexistent"), alreadyChecked: served)
        }
        #expect(error?.problems.count == 1)
        #expect(error?.problems.first?.message.contains("can never match") == true)
        stubs[40].request.target = [TargetMatcher(.path, .matches(#"\A(?:/resource-99/[0-9]+)\z"#))]
        #expect(throws: Never.self) { try StubValidation.check(stubs, fixtures: URL(fileURLWithPath: "/nonexistent"), alreadyChecked: served) }
    }

    /// A stub checked alone (added at run time) has its rivals scanned for;
    /// a whole list looks them up in the index. Both find the same shadows,
    /// for every kind of path.
    @Test func scanningAndLookingUpRivalsFindTheSameShadows() throws {
        func with(_ stub: Stub, _ change: (inout Stub) -> Void) -> Stub { var stub = stub; change(&stub); return stub }
        let header = FieldMatcher("Accept", .equals("application/json"))
        let first = TargetMatcher(.path, .matches(#"\A(?:/t/[0-9]+)\z"#))
        let stubs = [
            Self.stub(.literal("/a")),                                                       // 0
            with(Self.stub(.literal("/a"))) { $0.request.headers.append(header) },          // 1: shadowed by 0
            Self.stub(.template(PathTemplate("/items/{id}"))),                               // 2
            with(Self.stub(.template(PathTemplate("/items/{id}")))) { $0.request.headers.append(header) }, // 3: by 2
            Self.stub(.regex("/r/[0-9]+")),                                                  // 4
            Self.stub(.regex("/r/[0-9]+")),                                                  // 5: by 4
            Self.stub(.any, target: first),                                                  // 6
            with(Self.stub(.any, target: first)) { $0.request.headers.append(header) },     // 7: by 6
            Self.stub(.literal("/items/5")),                                                 // 8: by 2
            Self.stub(.literal("/r/7")),                                                     // 9: by 4
            with(Self.stub(.literal("/r/8"))) { $0.priority = 1 },                           // 10: first by priority
            Self.stub(.template(PathTemplate("/other/{x}"))),                                // 11
            Self.stub(.any, target: TargetMatcher(.path, .matches(#"\A(?:/u/[0-9]+)\z"#))), // 12
            Self.stub(.literal("/t/1")),                                                     // 13: 6 has a condition 13 lacks
        ]
        let nowhere = URL(fileURLWithPath: "/nonexistent")
        func shadowed(_ problems: [StubProblem]) -> [String] { problems.map(\.message).filter { $0.contains("can never match") } }
        let keyed = #expect(throws: StubValidationError.self) { try StubValidation.check(stubs, fixtures: nowhere) }
        var scanned: [String] = []
        for position in stubs.indices {
            let alone = stubs.indices.map { $0 != position }
            do {
                let checked = try StubValidation.check(stubs, fixtures: nowhere, alreadyChecked: alone)
                #expect(checked.index == nil, "one stub checked builds no index")
            } catch let error as StubValidationError {
                scanned += shadowed(error.problems)
            }
        }
        #expect(shadowed(keyed?.problems ?? []).count == 6)
        #expect(scanned == shadowed(keyed?.problems ?? []))
    }
}
