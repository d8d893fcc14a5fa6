import Foundation
import StubKit
import MarvelStubs
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// Stubs exported to WireMock answer as the originals do, in the real
/// WireMock and when read back into Understudy: the same requests, in order
/// (scenarios, `times` and sequences move state), sent to three servers.
@Suite(.enabled("the real WireMock is not here (scripts/wiremock installs it; under CI its absence fails)") { await RealWireMock.shouldRun() })
struct ExportRoundTripTests {
    @Test func ourCorpusExportedAnswersAsTheCorpusDoes() async throws {
        let corpus = DifferentialTests.here.appendingPathComponent("Corpus/core")
        let requests = try JSONDecoder().decode([String].self, from: Data(contentsOf: DifferentialTests.here.appendingPathComponent("Corpus/core-requests.json")))
        let stubs = try WireMockMappings.load(root: corpus).stubs
        let agreed = try await roundTrip(stubs, requests: requests.map(WireExchange.init))
        print("round trip (our corpus): \(agreed) of \(requests.count) requests agree (original, exported in WireMock, read back)")
    }

    @Test func stubsBeyondWireMocksFieldsAnswerAsTheOriginalsDo() async throws {
        let export = WireMockExport(stubs: DSLCorpus.stubs)
        #expect(export.notExported.isEmpty, "\(export.notExported)")
        let agreed = try await roundTrip(DSLCorpus.stubs, requests: DSLCorpus.requests.map(WireExchange.init))
        print("round trip (DSL stubs): \(agreed) of \(DSLCorpus.requests.count) requests agree")
    }

    @Test func whatWireMockCannotSayIsListedAtItsDeclaration() throws {
        let stubs = [
            Get("/closure").respond { _ in .text("computed") },
            Get("/signed").guarded(by: .marvel(publicKey: "1234", privateKey: "abcd")).respond(.text("signed")),
            Get("/cut").fault(.truncatedBody(afterBytes: 3)).respond(.text("truncated")),
            Get("/fine").respond(.text("fine")),
        ]
        let export = WireMockExport(stubs: stubs)
        #expect(export.exportedStubs == 1)
        #expect(export.notExported.map(\.location.line) == stubs.prefix(3).map(\.location.line))
        #expect(export.notExported[0].description.contains("ExportRoundTripTests.swift:\(stubs[0].location.line)"))
        #expect(export.notExported[1].message.contains("Marvel signature"))

        let rendered = WireMockExport(stubs: [stubs[0]], options: .init(renderClosures: true))
        #expect(rendered.exportedStubs == 1 && rendered.rendered.count == 1)
        let text = String(decoding: try #require(rendered.files.first).contents, as: UTF8.self)
        #expect(text.contains(#""body": "computed""#))
    }

    /// Exports `stubs`, starts the original, the export in the real
    /// WireMock, and the export read back into Understudy, and sends every
    /// request to all three in order; returns how many agree everywhere.
    private func roundTrip(_ stubs: [Stub], requests: [WireExchange]) async throws -> Int {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try WireMockExport(stubs: stubs).write(to: root)
        let wireMock = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        var configuration = StubServer.Configuration()
        configuration.randomSeed = 7
        let original = try StubServer.start(.stubs(stubs, configuration: configuration))
        defer { original.stop() }
        let readBack = try StubServer.start(.stubs(try WireMockMappings.load(root: root).stubs, configuration: configuration))
        defer { readBack.stop() }
        var agreed = 0
        for request in requests {
            let ours = try await request.send(to: original.port)
            let theirs = try await request.send(to: wireMock.port)
            let back = try await request.send(to: readBack.port)
            let inWireMock = DifferentialTests.agree(ours, theirs)
            // Two Understudy servers: the same answer, but a 404's near-miss
            // report names where each stub was declared, which differs.
            let readBackAgrees = ours.kind == back.kind && ours.status == back.status
                && (ours.status == 404 || DifferentialTests.agree(ours, back))
            if inWireMock && readBackAgrees {
                agreed += 1
            } else {
                Issue.record("\(request)\n  original:          \(ours)\n  export (WireMock): \(theirs)\n  export (read back): \(back)")
            }
        }
        await wireMock.stop()
        return agreed
    }
}
