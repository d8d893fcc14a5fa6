import Foundation
import HTTPWire
import Locking
@testable import StubEngine
import StubKit
import Testing

/// Stubs put first (``Engine/prepend(_:)``, what each mapping posted to the
/// admin API does) serve exactly what the general change would, keep every
/// other stub's count, and never touch the lists a request already holds.
@Suite struct EnginePrependTests {
    static func engine(_ stubs: [Stub]) throws -> Engine { try EngineAnswerTests.engine(stubs) }

    static let start: [Stub] = [
        Get("/once").times(1).respond(.text("once")),
        Get("/items/{id}").respond(.text("template")),
        Get("/vip").header("X-Vip", .present).priority(5).respond(.text("vip")),
        Get("/plain").respond(.text("plain")),
    ]

    static let requests = ["/once", "/items/1", "/items/2", "/vip", "/plain", "/new-0", "/new-1", "/new-2", "/nowhere"]

    /// What each request is answered with, in turn (counts move as they would).
    static func answers(_ engine: Engine) -> [String] {
        requests.map { engine.answer(EngineAnswerTests.get($0, headers: [("X-Vip", "1")])) }
            .map { $0.sentStatus == 200 ? EngineAnswerTests.body($0) ?? "" : "\($0.sentStatus ?? 0)" }
    }

    @Test func stubsPutFirstServeWhatAChangeWouldServe() throws {
        let (put, changed) = (try Self.engine(Self.start), try Self.engine(Self.start))
        #expect(Self.answers(put) == Self.answers(changed), "both used the once-only stub")
        let batches: [[Stub]] = [
            [Get("/new-0").respond(.text("new 0"))],
            [Get("/new-1").respond(.text("new 1")), Get("/new-2").priority(7).respond(.text("new 2"))],
            [Get("/items/2").priority(9).respond(.text("override"))],
        ]
        for fresh in batches {
            #expect(try put.prepend(fresh))
            try changed.change { current in fresh.map(StubListEntry.fresh) + current.indices.map(StubListEntry.kept) }
            let (a, b) = (put.serving.withLock { $0 }, changed.serving.withLock { $0 })
            #expect(a.table.stubs.map(\.id) == b.table.stubs.map(\.id))
            #expect(a.counts.all == b.counts.all, "kept stubs keep their counts; fresh ones start at 0")
            for stub in b.table.stubs { #expect(a.table.stub(stub.id)?.id == stub.id, "found by id") }
            #expect(a.table.index == nil, "no index until a request")
        }
        #expect(Self.answers(put) == Self.answers(changed))
        #expect(Self.answers(put) == ["404", "template", "override", "vip", "plain", "new 0", "new 1", "new 2", "404"])
    }

    @Test func aStubPutFirstIsCheckedAgainstTheKeptStubsWithAHigherPriority() throws {
        let engine = try Self.engine(Self.start + [Get("/fresh/{anything}").priority(3).respond(.text("catch-all"))])
        let before = engine.serving.withLock { $0 }
        let refused = #expect(throws: StubValidationError.self) { try engine.prepend([Get("/fresh/one").id("fresh")]) }
        #expect(refused?.problems.first?.message.contains("can never match: GET /fresh/{anything}") == true)
        let after = engine.serving.withLock { $0 }
        #expect(after.table.stubs.map(\.id) == before.table.stubs.map(\.id), "a refused change changes nothing")
        #expect(after.table.stub("fresh") == nil)
        #expect(EngineAnswerTests.body(engine.answer(EngineAnswerTests.get("/fresh/one"))) == "catch-all")
        #expect(try engine.prepend([Get("/fresh/one").priority(3).respond(.text("fresh"))]), "the same priority, put first, answers first")
        #expect(EngineAnswerTests.body(engine.answer(EngineAnswerTests.get("/fresh/one"))) == "fresh")
        let duplicate = #expect(throws: StubValidationError.self) {
            try engine.prepend([Get("/a").id("twice"), Get("/b").id("twice")])
        }
        #expect(duplicate?.problems.first?.message.contains("duplicate stub id \"twice\"") == true)
    }

    @Test func anIDAlreadyServedIsLeftToAChange() throws {
        let engine = try Self.engine([Get("/a").id("a").respond(.text("a"))])
        #expect(try engine.prepend([Get("/b").id("a")]) == false)
        #expect(try engine.prepend((0..<9).map { Get("/many-\($0)") }) == false, "more than a few: checked against an index")
        #expect(engine.serving.withLock { $0.table.stubs.map(\.id) } == ["a"])
    }

    @Test func anAnswerCountedByARequestInFlightCountsInTheNewList() throws {
        for change in [true, false] {
            let engine = try Self.engine([Get("/once").times(1).respond(.text("once"))])
            let inFlight = engine.serving.withLock { $0 } // a request that matched before the change
            if change {
                try engine.change { current in current.indices.map(StubListEntry.kept) + [.fresh(Get("/new"))] }
            } else {
                #expect(try engine.prepend([Get("/new")]))
            }
            #expect(inFlight.counts.claim(0, limit: 1) == 0, "the request in flight answers")
            #expect(engine.answer(EngineAnswerTests.get("/once")).sentStatus == 404, "times(1): used up in every list")
        }
    }

    @Test func noAnswerCountedDuringChangesIsLost() async throws {
        let engine = try Self.engine([Get("/counted").times(100_000).respond(.text("counted"))])
        let (workers, requests) = (3, 400)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for number in 0..<150 { _ = try? engine.prepend([Get("/first-\(number)")]) } }
            group.addTask {
                for number in 0..<30 {
                    try? engine.change { current in current.indices.map(StubListEntry.kept) + [.fresh(Get("/last-\(number)"))] }
                }
            }
            for _ in 0..<workers {
                group.addTask { for _ in 0..<requests { _ = engine.answer(EngineAnswerTests.get("/counted")) } }
            }
        }
        let serving = engine.serving.withLock { $0 }
        #expect(serving.table.stubs.count == 181)
        let counted = try #require(serving.table.stubs.firstIndex { $0.request.description == "GET /counted" })
        #expect(serving.counts.count(counted) == workers * requests)
    }

    @Test func whatARequestHoldsKeepsItsStubs() throws {
        let engine = try Self.engine([Get("/a").times(5).respond(.text("a"))])
        _ = engine.answer(EngineAnswerTests.get("/a")) // the journal holds this table
        let held = engine.serving.withLock { $0 } // as a request in flight does
        let heldStubs = held.table.stubs.map(\.id)
        for number in 0..<3 { #expect(try engine.prepend([Get("/new-\(number)")])) }
        #expect(held.table.stubs.map(\.id) == heldStubs, "the lists grew in a copy")
        #expect(held.counts.all == [1])
        #expect(engine.serving.withLock { $0.table.stubs.count } == 4)
        #expect(engine.journal.entries.first?.stub?.request.description == "GET /a")
    }
}
