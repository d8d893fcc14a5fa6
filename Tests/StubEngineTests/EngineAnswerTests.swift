import Foundation
import HTTPCoding
import HTTPWire
import Locking
@testable import StubEngine
import StubKit
import Synchronization
import Testing

/// The engine answers requests with no socket: each test hands it recorded
/// requests and reads the answer values a transport would send.
@Suite struct EngineAnswerTests {
    static func engine(_ stubs: [Stub], cors: CORSPolicy? = nil, compression: CompressionPolicy? = nil) throws -> Engine {
        Engine(set: try StubSet(stubs), journal: Journal(capacity: 100), seed: 7, redaction: .secrets, cors: cors, compression: compression, codec: .zlib)
    }

    static func get(_ target: String, headers: [(String, String)] = []) -> RecordedRequest {
        RecordedRequest(method: "GET", target: target, headers: HTTPHeaders(pairs: headers))
    }

    /// The answer a `.later` answer sends through its sink (the answer itself otherwise).
    static func settled(_ answer: Answer) async -> Answer {
        guard case .later(let deferred) = answer else { return answer }
        return await withCheckedContinuation { continuation in
            let once = Once()
            deferred(AnswerSink { sent in if once.first() { continuation.resume(returning: sent) } })
        }
    }

    static func body(_ answer: Answer) -> String? {
        answer.response.map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func aFixedStubIsPreparedOnceAndSharedByEveryRequest() throws {
        let engine = try Self.engine([Get("/health").respond(.text("ok"))])
        guard case .prepared(let first) = engine.answer(Self.get("/health")),
              case .prepared(let second) = engine.answer(Self.get("/health")) else {
            Issue.record("a fixed stub's answer is prepared")
            return
        }
        #expect(first === second)
        #expect(first.response.status == 200)
        #expect(String(decoding: first.response.body, as: UTF8.self) == "ok")
        #expect(engine.journal.entries.map(\.status) == [200, 200])
    }

    @Test func aDelayIsALaterAnswerSentFromATimerAndJournaledAtOnce() async throws {
        let engine = try Self.engine([Get("/slow").delay(.milliseconds(5)).respond(.text("late"))])
        let answer = engine.answer(Self.get("/slow"))
        guard case .later = answer else {
            Issue.record("a delayed stub answers later, got \(answer)")
            return
        }
        #expect(engine.journal.entries.map(\.status) == [200], "journaled with the status it will send")
        #expect(Self.body(await Self.settled(answer)) == "late")
    }

    @Test(arguments: [
        (Fault.closeWithoutResponse, "close"), (.connectionReset, "reset"), (.garbageThenClose, "raw"),
        (.malformedChunk, "raw"), (.truncatedBody(afterBytes: 2), "stream"),
    ])
    func aFaultIsAnAnswerValue(fault: Fault, expected: String) throws {
        let engine = try Self.engine([Get("/broken").fault(fault).respond(.text("hello"))])
        let kind: String
        switch engine.answer(Self.get("/broken")) {
        case .closeConnection: kind = "close"
        case .resetConnection: kind = "reset"
        case .raw: kind = "raw"
        case .stream(_, let body): kind = body.abortAfterLastChunk ? "stream" : "paced"
        default: kind = "other"
        }
        #expect(kind == expected)
    }

    @Test func aHeadRequestMatchesAGetStubAndTimesRunOut() throws {
        let engine = try Self.engine([Get("/once").times(1).respond(.text("one"))])
        #expect(engine.answer(RecordedRequest(method: "HEAD", target: "/once")).sentStatus == 200)
        let second = engine.answer(Self.get("/once"))
        #expect(second.sentStatus == 404, "the stub is used up: the near-miss report answers")
        #expect(second.response?.headers.contains { $0.name == "Understudy-Mismatch" } == true)
        #expect(engine.journal.unmatched.count == 1)
        #expect(engine.issues.pending.count == 1, "an unmatched request is an issue for the test")
    }

    @Test func aCompressedVariantIsBuiltOncePerCoding() throws {
        let big = String(repeating: "{\"name\":\"Spider-Man\"},", count: 100)
        let engine = try Self.engine([Get("/list").respond(.json("[\(big){}]"))], compression: CompressionPolicy())
        let gzip = [("Accept-Encoding", "gzip")]
        guard case .prepared(let first) = engine.answer(Self.get("/list", headers: gzip)),
              case .prepared(let second) = engine.answer(Self.get("/list", headers: gzip)) else {
            Issue.record("a compressed fixed answer stays prepared")
            return
        }
        #expect(first === second)
        #expect(first.response.headers.contains { $0.name == "Content-Encoding" && $0.value == "gzip" })
        #expect(try ContentCoding.gzip.decode(first.response.body) == Array("[\(big){}]".utf8))
    }

    @Test func aFrontDoorAnswersBeforeTheStubsNowOrLaterAndIsNotJournaled() async throws {
        let engine = try Self.engine([Get("/__admin/x").respond(.text("stub"))])
        engine.mount(FrontDoor(prefix: "/__admin") { request, reply in
            if request.path.hasSuffix("now") {
                reply(StubResponse(status: 200, body: Data("now".utf8)))
            } else {
                DispatchQueue.global().async { reply(StubResponse(status: 202, body: Data("later".utf8))) }
            }
        })
        #expect(Self.body(engine.answer(Self.get("/__admin/now"))) == "now")
        let later = await Self.settled(engine.answer(Self.get("/__admin/poll")))
        #expect(later.sentStatus == 202)
        #expect(engine.journal.entries.isEmpty)
    }

    @Test func aChangeKeepsTheCountsOfStubsThatStay() throws {
        let engine = try Self.engine([Get("/a").id("a").times(2).respond(.text("a"))])
        #expect(engine.answer(Self.get("/a")).sentStatus == 200)
        try engine.change { current in current.indices.map(StubListEntry.kept) + [.fresh(Get("/b").respond(.text("b")))] }
        #expect(engine.answer(Self.get("/a")).sentStatus == 200)
        #expect(engine.answer(Self.get("/a")).sentStatus == 404, "the kept stub's count went on: two answers in all")
        #expect(engine.answer(Self.get("/b")).sentStatus == 200)
    }

    @Test func theClosestThreeOfManyStubsAreDescribedBestFirstTiesInDeclarationOrder() throws {
        var stubs = (0..<40).map { Get("/elsewhere/\($0)").respond(.text("no")) }          // the method only: 0.25
        stubs.append(Post("/target").respond(.text("no")))                              // path, not method: 0.75
        stubs.append(Get("/target").header("X-One", "1").respond(.text("no")))          // all but a header: 0.8
        stubs.append(Get("/target").query("q", "1").respond(.text("no")))               // 0.8
        stubs.append(Get("/target").header("X-Two", "2").respond(.text("no")))          // 0.8
        stubs.append(Get("/target").header("X-Three", "3").respond(.text("no")))        // 0.8, but declared last
        let engine = try Self.engine(stubs)
        let request = Self.get("/target?q=2")
        let answer = engine.answer(request)
        #expect(answer.sentStatus == 404)
        let report = try JSONDecoder().decode(UnmatchedRequestReport.self, from: Data(try #require(answer.response).body))
        #expect(report.stubCount == 45)
        #expect(report.closestStubs.map(\.id) == [stubs[41].id.rawValue, stubs[42].id.rawValue, stubs[43].id.rawValue])
        #expect(report.closestStubs.map(\.score) == [0.8, 0.8, 0.8])
        for (miss, stub) in zip(report.closestStubs, stubs[41...43]) {
            #expect(miss.checks == stub.request.checks(against: request), "a ranked stub is described in full")
        }
        #expect(report.closestStubs[1].failures == [FieldCheck(field: "query q", expected: #"== "1""#, actual: #""2""#, matched: false)])
    }

    @Test func aChangeOfAFewStubsLeavesTheRouteIndexToTheFirstRequest() throws {
        let engine = try Self.engine((0..<20).map { Get("/item-\($0)").respond(.text("\($0)")) })
        let newestFirst = [StubListEntry.fresh(Get("/items/{id}").respond(.text("template")))]
        try engine.change { current in newestFirst + current.indices.map(StubListEntry.kept) }
        #expect(engine.serving.withLock { $0.table.index } == nil, "one stub checked: its rivals scanned, no index built")
        #expect(Self.body(engine.answer(Self.get("/items/5"))) == "template")
        #expect(Self.body(engine.answer(Self.get("/item-3"))) == "3")
        #expect(engine.answer(Self.get("/item-30")).sentStatus == 404)
        #expect(engine.serving.withLock { $0.table.index } != nil, "built by the first request, once")
        let shadowed = #expect(throws: StubValidationError.self, "the scan finds what the index would") {
            try engine.change { current in current.indices.map(StubListEntry.kept) + [.fresh(Get("/items/7"))] }
        }
        #expect(shadowed?.problems.first?.message.contains("can never match: GET /items/{id}") == true)
        #expect(Self.body(engine.answer(Self.get("/items/7"))) == "template", "a refused change changes nothing")
    }
}

/// True the first time only: a sink that is sent to twice resumes once.
final class Once: Sendable {
    private let taken = Mutex(false)
    func first() -> Bool { taken.withLock { taken in defer { taken = true }; return !taken } }
}
