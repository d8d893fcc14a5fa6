import Foundation
import MicroHTTP
import StubKit
import StubServer
import Synchronization
import Testing
import UnderstudyTestSupport

/// Near-miss reports and the validation that refuses stubs that cannot work.
@Suite struct DiagnosticsTests {
    @Test func theMismatchReportNamesTheFieldThatDiffers() async throws {
        let line = #line + 2
        let stubs = Stubs {
            Get("/v1/public/characters").query("limit", "20").header("Accept", .contains("json"))
            Get("/v1/public/comics")
            Post("/v1/public/characters")
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(server.url("/v1/public/characters?limit=500"), headers: ["Accept": "application/json"])
        #expect(reply.status == 404)
        let report = try JSONDecoder().decode(UnmatchedRequestReport.self, from: reply.body)
        let best = try #require(report.closestStubs.first)
        #expect(best.declaredAt.line == line)
        #expect(best.failures == [FieldCheck(field: "query limit", expected: #"== "20""#, actual: #""500""#, matched: false)])
        #expect(best.checks.filter(\.matched).map(\.field) == ["method", "path", "header Accept"])
        #expect(report.closestStubs.map(\.stub) == [
            "GET /v1/public/characters (+2 conditions)", "POST /v1/public/characters", "GET /v1/public/comics",
        ], "the same path ranks above the same method")
        #expect(reply.header("Understudy-Mismatch")?.contains(#"closest: GET /v1/public/characters (+2 conditions) at StubServerTests/DiagnosticsTests.swift:\#(line)"#) == true)
        #expect(reply.header("Understudy-Mismatch")?.contains(#"query limit expected == "20", got "500""#) == true)

        let text = report.description
        #expect(text.contains("Closest of 3 stubs:"))
        #expect(text.contains(#"✗ query limit: expected == "20", got "500""#))
        #expect(text.contains("✓ path: /v1/public/characters"))
        #expect(text.contains("declared at StubServerTests/DiagnosticsTests.swift:\(line)"))
    }

    /// A long request's report: the header is cut (it shares the
    /// connection's memory with the request's head), the body has it all.
    @Test func aLongRequestsMismatchHeaderIsCutAndItsReportKeepsEverything() async throws {
        let server = try StubServer.start(.stubs { Get("/search").query("q", "cats") })
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let query = String(repeating: "d", count: 15_000)
        let reply = try await client.get(server.url("/search?q=\(query)"))
        #expect(reply.status == 404, "\(reply.text.prefix(300))")
        let header = try #require(reply.header("Understudy-Mismatch"))
        #expect(header.utf8.count < 1_000, "\(header.utf8.count) bytes")
        #expect(header.hasPrefix("no stub matched GET /search?q=ddd") && header.contains("... (\("no stub matched GET /search?q=\(query)".utf8.count) bytes)"), "\(header)")
        #expect(header.contains(#"query q expected == "cats", got ""#) && header.contains("... (15002 bytes)"), "\(header)")
        let report = try JSONDecoder().decode(UnmatchedRequestReport.self, from: reply.body)
        #expect(report.request.target == "/search?q=\(query)")
    }

    @Test func theReportExplainsUsedUpStubsAndScenarioStates() async throws {
        let stubs = Stubs {
            Get("/once").times(1)
            Get("/later").inScenario("flow", whenState: "Ready")
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        _ = try await client.get(server.url("/once"))
        let second = try JSONDecoder().decode(UnmatchedRequestReport.self, from: try await client.get(server.url("/once")).body)
        #expect(second.closestStubs.first?.failures == [FieldCheck(field: "times", expected: "at most 1", actual: "answered 1", matched: false)])
        let early = try JSONDecoder().decode(UnmatchedRequestReport.self, from: try await client.get(server.url("/later")).body)
        #expect(early.closestStubs.first?.failures == [FieldCheck(field: "scenario flow", expected: "state Ready", actual: "state Started", matched: false)])
    }

    @Test func aShadowedStubIsRefusedAtStartWithBothLocations() {
        let first = #line + 2
        let stubs = Stubs {
            Get("/characters/{id}")
            Get("/characters/1009610").respond(.text("never"))
        }
        #expect {
            try StubServer.start(.stubs(stubs))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("StubServerTests/DiagnosticsTests.swift:\(first + 1):")
                && text.contains("error: GET /characters/1009610: can never match: GET /characters/{id} declared at StubServerTests/DiagnosticsTests.swift:\(first):")
        }
    }

    @Test func conditionsTimesPriorityAndScenariosPreventShadowing() throws {
        let stubs = Stubs {
            Get("/a").header("X", .present)
            Get("/a")
            Get("/b").times(1)
            Get("/b")
            Get("/c")
            Get("/c").header("X", .present).priority(1)
            Get("/d").inScenario("s", whenState: "Started")
            Get("/d")
            Post("/e")
            Get("/e")
        }
        try StubServer.start(.stubs(stubs)).stop()
    }

    @Test func everyUnworkableStubIsListedWithItsLocation() {
        let line = #line + 2
        let stubs = Stubs {
            Get("/a/{id}/b/{id}")
            Get("no-slash")
            Get("/x").query("q", .matches("(unclosed"))
            Get("/y").times(0)
            Post("/body").body(.jsonPath("a..b", equals: .null))
        }
        #expect {
            try StubServer.start(.stubs(stubs))
        } throws: { error in
            guard let validation = error as? StubValidationError else { return false }
            return validation.problems.map(\.location.line) == Array(line..<(line + 5))
                && validation.problems[0].message.contains(#"duplicate capture name "id""#)
                && validation.problems[1].message.contains("must start with /")
                && validation.problems[2].message.contains("invalid regular expression /(unclosed/")
                && validation.problems[3].message.contains("times(0) must be at least 1")
                && validation.problems[4].message.contains("malformed JSON path")
        }
    }

    @Test func identicalStubsWithConditionsAreRefusedAsShadowed() {
        let line = #line + 2
        let stubs = Stubs {
            Get("/search").query("q", "spider").header("Accept", "application/json").respond(.text("first"))
            Get("/search").header("accept", "application/json").query("q", "spider").respond(.text("second"))
            Get("/search").query("q", "spider").header("Accept", "application/json").cookie("s", .present)
            Get("/search").query("q", "spider").times(1) // a different condition set: fine
        }
        #expect {
            try StubServer.start(.stubs(stubs))
        } throws: { error in
            guard let problems = (error as? StubValidationError)?.problems else { return false }
            return problems.map(\.location.line) == [line + 1, line + 2]
                && problems[0].message.hasSuffix("always answers first (it has the same conditions, no times limit and the same priority)")
                && problems[1].message.hasSuffix("always answers first (every condition it has, this one has too, no times limit and the same priority)")
        }
    }

    @Test func aBodyMatcherWhoseJSONIsNotJSONIsRefusedAtStart() {
        let line = #line + 1
        let stubs = Stubs { Post("/orders").body(.json("{not json")) }
        #expect {
            try StubServer.start(.stubs(stubs))
        } throws: { error in
            guard let problem = (error as? StubValidationError)?.problems.first else { return false }
            return problem.location.line == line && problem.message == #"the body matcher's JSON is not valid JSON: "{not json""#
        }
    }

    @Test func aJournalWithoutRoomIsAConfigurationErrorNotACrash() {
        var configuration = StubServer.Configuration()
        configuration.journalCapacity = 0
        #expect(throws: DaemonError.invalidConfiguration("journalCapacity 0 must be at least 1")) {
            try StubServer.start(.stubs([], configuration: configuration))
        }
    }

    @Test func urlsOfPathsWithSpacesAndAccentsAreEncodedNotTrapped() async throws {
        let server = try StubServer.start([Get("/a b/é").respond(.text("found"))])
        defer { server.stop() }
        #expect(server.url("/a b/é?q=x y").absoluteString == "http://\(server.host):\(server.port)/a%20b/%C3%A9?q=x%20y")
        #expect(server.url("/already%20encoded").absoluteString.hasSuffix("/already%20encoded"))
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(server.url("/a b/é"))
        #expect(reply.text == "found")
    }
}

/// Stubs added, replaced and removed while the server runs and requests fly.
@Suite struct RuntimeChangeTests {
    @Test func addReplaceRemoveAndReset() async throws {
        let server = try StubServer.start([Get("/v").id("version").respond(.text("1"))])
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(server.url("/v")).text == "1")
        try server.replace("version", with: Get("/v").id("version").respond(.text("2")))
        #expect(try await client.get(server.url("/v")).text == "2")
        try server.add([Get("/new").respond(.text("added"))])
        #expect(try await client.get(server.url("/new")).text == "added")
        #expect(server.remove("version"))
        #expect(!server.remove("version"))
        #expect(try await client.get(server.url("/v")).status == 404)
        #expect(throws: StubValidationError.self) { try server.replace("missing", with: Get("/z")) }
        #expect(throws: StubValidationError.self) { try server.add([Get("/new")]) } // shadowed by the earlier /new
        #expect(server.stubs.map(\.request.description) == ["GET /new"], "a refused change changes nothing")
        #expect(server.journal.count == 4)
        server.resetJournal()
        #expect(server.journal.count == 0)
    }

    /// The override recipe: a named, higher-priority stub takes over a route
    /// that is already served, and removing it gives the route back.
    @Test func aHigherPriorityStubAddedAtRunTimeOverridesAServedOne() async throws {
        let server = try StubServer.start([Get("/status").respond(.text("up"))])
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(server.url("/status")).text == "up")
        try server.add([Get("/status").id("outage").priority(10).respond(.status(503))])
        #expect(try await client.get(server.url("/status")).status == 503)
        #expect(server.remove("outage"))
        #expect(try await client.get(server.url("/status")).text == "up")
    }

    @Test func changesAreSafeWhileRequestsAreInFlight() async throws {
        let server = try StubServer.start([Get("/flip").id("flip").respond(.text("a"))])
        defer { server.stop() }
        let base = server.baseURL
        let answers = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let client = HTTPClient()
                    defer { client.close() }
                    var seen: [String] = []
                    for _ in 0..<50 { seen.append(try await client.get(base.appendingPathComponent("flip")).text) }
                    return seen
                }
            }
            for round in 0..<100 {
                try server.replace("flip", with: Get("/flip").id("flip").respond(.text(round % 2 == 0 ? "b" : "a")))
                await Task.yield()
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(answers.count == 400)
        #expect(Set(answers).isSubset(of: ["a", "b"]), "every request got the old or the new stub, never an error")
        #expect(server.journal.unmatched.isEmpty)
    }
}

/// Regression (a sanitizer run showed `serve` logging an unmatched request
/// without its report): the report is filed before the journal entry can be
/// seen, so a follower of the journal always finds it.
@Suite struct UnmatchedReportOrderTests {
    @Test func everyVisibleUnmatchedEntryAlreadyHasItsReport() async throws {
        let server = try StubServer.start([Get("/known")])
        defer { server.stop() }
        let done = Atomic<Bool>(false)
        let follower = Task.detached { () -> (checked: Int, missing: [Int]) in
            var seen = 0, checked = 0
            var reported = Set<Int>(), missing: [Int] = []
            while !done.load(ordering: .acquiring) || server.journal.recordedCount > seen {
                let entries = server.journal.entries(after: seen)
                reported.formUnion(server.takeIssues().map(\.sequence))
                for entry in entries {
                    checked += 1
                    if !reported.contains(entry.sequence) { missing.append(entry.sequence) }
                    seen = entry.sequence
                }
                await Task.yield()
            }
            return (checked, missing)
        }
        let client = HTTPClient()
        defer { client.close() }
        for index in 0..<300 { _ = try await client.get(server.url("/unknown/\(index)")) }
        done.store(true, ordering: .releasing)
        let (checked, missing) = await follower.value
        #expect(checked == 300)
        #expect(missing.isEmpty, "entries seen before their reports: \(missing.prefix(10))")
    }
}
