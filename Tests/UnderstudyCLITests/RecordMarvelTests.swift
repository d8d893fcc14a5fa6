import Foundation
import MarvelStubs
import StubKit
import MarvelClient
import MarvelModels
import StubServer
import StubSpec
import Testing
import UnderstudyTestSupport

/// `understudy record` between MarvelClient and `understudy serve --marvel`
/// (non-default keys): nothing secret is written, and the recording replays.
@Suite(.serialized) struct RecordMarvelTests {
    static let publicKey = "pub-9f3c2a7e51"
    static let privateKey = "priv-4d8b6e0c93aa"

    /// Timestamps the client signs with, one per request, all remembered.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 1_764_000_000_000
        private(set) var issued: [String] = []
        func tick() -> String {
            lock.withLock {
                next += 1
                issued.append("\(next)")
                return "\(next)"
            }
        }
    }

    /// What the test asks for, decoded; the same calls replayed must decode equal.
    struct Session: Equatable {
        var characters: [MarvelPage<MarvelCharacter>] = []
        var comics: [MarvelPage<Comic>] = []
        var character: MarvelCharacter?
    }

    static func drive(_ client: MarvelAPIClient<WithKeys>, requests: Int) async throws -> Session {
        var session = Session()
        session.character = try await client.send(Marvel.characters(1009100).get())
        session.comics.append(try await client.send(Marvel.comics.list(limit: 20)))
        session.comics.append(try await client.send(Marvel.comics.list(limit: 20))) // a repeat: the same answer, one stub
        for page in 0..<(requests - 3) {
            session.characters.append(try await client.send(Marvel.characters.list(limit: 5, offset: 5 * page)))
        }
        return session
    }

    @Test func recordsASignedSessionWithNoSecretAndReplaysItWithMarvelClient() async throws {
        StubPlugins.register(.marvel) // the written spec has a Marvel guard; a filtered run registers nothing else
        let upstream = try await ReadyProcess(["serve", "--marvel", "--public-key", Self.publicKey, "--private-key", Self.privateKey, "--quiet"])
        let folder = try recordingFolder("record-marvel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try await ReadyProcess(["record", "--target", upstream.url.absoluteString, "--out", folder.path, "--spec", "marvel.yaml", "--quiet"])
        let clock = Clock()
        let credentials = MarvelCredentials.serverSide(publicKey: Self.publicKey, privateKey: Self.privateKey)
        let recorded = try await Self.drive(MarvelAPIClient(baseURL: recorder.url, credentials: credentials, timestamp: clock.tick), requests: 100)
        let (status, errors) = await recorder.stop()
        #expect(status == 0, "record exits 0 after writing: \(errors)")
        _ = await upstream.stop()

        let files = writtenFiles(in: folder)
        #expect(files["marvel.yaml"] != nil, "files: \(files.keys.sorted())")
        let hashes = clock.issued.map { MarvelSigner.hash(timestamp: $0, privateKey: Self.privateKey, publicKey: Self.publicKey) }
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            for secret in [Self.publicKey, Self.privateKey] + clock.issued + hashes {
                #expect(!text.contains(secret), "\(path) holds a secret (\(secret.prefix(4))…)")
            }
            #expect(!text.lowercased().contains("bearer"), "\(path) holds a bearer token")
        }
        let bytes = files.values.reduce(0) { $0 + $1.count }
        let stubs = String(decoding: files["marvel.yaml"] ?? Data(), as: UTF8.self).components(separatedBy: "\n- id: ").count - 1
        print("recorded 100-request Marvel session: \(stubs) stubs, \(files.count) files, \(bytes) bytes (spec \(files["marvel.yaml"]?.count ?? 0) bytes)")

        // A fresh recording lints before its secrets are exported: the unset placeholders are notes.
        let fresh = try await ChildProcess.finished(try BuiltProducts.url("understudy"), ["lint", folder.appendingPathComponent("marvel.yaml").path])
        #expect(fresh.status == 0, "lint before the keys are exported: \(fresh.errors)")
        #expect(fresh.errors.contains("note:") && fresh.errors.contains("MARVEL_PUBLIC_KEY is not set in the environment: checked with"), "\(fresh.errors)")

        // The keys come back from the environment: the guard checks signing with them,
        // and the apikey Marvel echoes in its links is the one the client sends.
        let environment = ["MARVEL_PUBLIC_KEY": Self.publicKey, "MARVEL_PRIVATE_KEY": Self.privateKey]
        let lint = try await ChildProcess.finished(try BuiltProducts.url("understudy"), ["lint", folder.appendingPathComponent("marvel.yaml").path],
                                                   environment: environment)
        #expect(lint.status == 0, "lint: \(lint.errors)")
        let spec = try StubSpec.load(folder.appendingPathComponent("marvel.yaml"), environment: environment)
        let replay = try StubServer.start(.stubs(spec.stubs))
        defer { replay.stop() }
        let replayed = try await Self.drive(MarvelAPIClient(baseURL: replay.baseURL, credentials: credentials), requests: 100)
        let same = replayed == recorded
        #expect(same, "the replay decodes to different values")
        #expect(replay.journal.unmatched.isEmpty)

        // A client signing with another private key is refused, as Marvel refuses it.
        let stale = MarvelAPIClient(baseURL: replay.baseURL, credentials: .serverSide(publicKey: Self.publicKey, privateKey: "not-the-key"))
        do {
            _ = try await stale.send(Marvel.characters(1009100).get())
            Issue.record("a request signed with the recording's keys was answered")
        } catch {
            #expect(error is MarvelError, "\(error)")
        }
    }
}
