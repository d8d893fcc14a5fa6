import Foundation
import Testing
import UnderstudyCLI
import UnderstudyTestSupport

/// `serve`'s secure defaults: loopback unless told otherwise (and a loud
/// warning when told), secrets masked in its log unless asked.
@Suite struct ServeSecurityTests {
    @Test func bindsLoopbackByDefaultWithoutAWarning() async throws {
        let served = try await CommandLineSpecTests.Served(["specs/marvel.yaml"])
        #expect(served.url.hasPrefix("http://127.0.0.1:"))
        let (status, log) = await served.stop()
        #expect(status == 0)
        #expect(!log.contains("WARNING"))
    }

    @Test func warnsLoudlyWhenBoundToEveryInterface() async throws {
        let served = try await CommandLineSpecTests.Served(["specs/marvel.yaml", "--host", "0.0.0.0"])
        let (status, log) = await served.stop()
        #expect(status == 0)
        #expect(log.hasPrefix("""
            WARNING: understudy is listening on every network interface.
              Other machines can send it requests and read every stub and fixture it serves.
            """), "\(log)")
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.8.9.10", true), ("localhost", true), ("::1", true), ("::ffff:127.0.0.1", true),
        ("0.0.0.0", false), ("::", false), ("192.168.1.20", false), ("10.0.0.1", false), ("fe80::1", false), ("::ffff:10.0.0.1", false),
    ])
    func loopbackAddressesAreRecognised(host: String, loopback: Bool) {
        #expect(ExposureWarning.isLoopback(host) == loopback)
        #expect((ExposureWarning(host: host) == nil) == loopback)
    }

    @Test func theLogMasksSecretsUnlessAskedToShowThem() async throws {
        let hash = "ffd275c5130566a2916217b101f26150"
        let headers = ["Authorization": "Bearer sekrit-token-value", "Cookie": "session=cookie-sekrit"]
        for showSecrets in [false, true] {
            let served = try await CommandLineSpecTests.Served(["specs/marvel.yaml"] + (showSecrets ? ["--show-secrets"] : []))
            let client = HTTPClient()
            #expect(try await client.get(URL(string: "\(served.url)/v1/public/comics?ts=1&apikey=1234&hash=\(hash)")!).status == 200)
            #expect(try await client.get(URL(string: "\(served.url)/nowhere?ts=1&apikey=1234&hash=\(hash)")!, headers: headers).status == 404)
            client.close()
            let (status, log) = await served.stop()
            #expect(status == 0)
            for secret in [hash, "apikey=1234", "sekrit-token-value", "cookie-sekrit"] {
                #expect(log.contains(secret) == showSecrets, "showSecrets \(showSecrets): \(secret) in the log:\n\(log)")
            }
        }
    }
}

/// The journal's cap is reported, never reached silently.
@Suite struct ServeJournalCapTests {
    @Test func aFullJournalIsReportedOnce() async throws {
        let served = try await CommandLineSpecTests.Served(["specs/marvel.yaml", "--quiet", "--journal-capacity", "3"])
        let client = HTTPClient()
        for _ in 0..<5 {
            #expect(try await client.get(URL(string: "\(served.url)/v1/public/comics?\(CommandLineSpecTests.signed)")!).status == 200)
        }
        client.close()
        let (status, log) = await served.stop()
        #expect(status == 0)
        let line = "! the journal is full: it keeps the newest 3 requests and evicts older ones from now on"
        #expect(log.components(separatedBy: line).count == 2, "expected the full-journal line once in:\n\(log)")
    }
}
