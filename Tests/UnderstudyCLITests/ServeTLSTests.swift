import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy serve --tls` and `--tls-cert/--tls-key`, as processes, with curl.
@Suite struct ServeTLSTests {
    @Test func tlsGeneratesAnAuthorityNamedInTheReadyLine() async throws {
        let served = try await ReadyProcess(["serve", "--marvel", "--tls", "--quiet"])
        let line = served.readyLine
        let ready = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let authority = try #require(ready["caCertificate"] as? String, "ready line: \(line)")
        #expect(served.url.absoluteString.hasPrefix("https://127.0.0.1:"))
        #expect(try String(contentsOfFile: authority, encoding: .utf8).contains("BEGIN CERTIFICATE"))
        let signed = "/v1/public/comics?limit=1&ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
        let reply = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"),
                                                    ["-sS", "--max-time", "10", "--cacert", authority, served.url.absoluteString + signed])
        #expect(reply.status == 0 && reply.output.contains(#""code":200"#), "\(reply.errors)")
        let (status, _) = await served.stop()
        #expect(status == 0)
        #expect(!FileManager.default.fileExists(atPath: authority), "the throwaway CA file goes with the server")
    }

    @Test func unusableCertificatesAreRefusedAtStartWithTheirOption() async throws {
        let folder = try recordingFolder("tls-files")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notPEM = folder.appendingPathComponent("cert.txt")
        try "hello".write(to: notPEM, atomically: true, encoding: .utf8)
        let understudy = try BuiltProducts.url("understudy")
        let refused = try await ChildProcess.finished(understudy, ["serve", "--marvel", "--tls-cert", notPEM.path, "--tls-key", notPEM.path])
        #expect(refused.status == 2 && refused.errors.contains("--tls-cert \(notPEM.path): not PEM"), "\(refused.errors)")
        let alone = try await ChildProcess.finished(understudy, ["serve", "--marvel", "--tls-client-ca", notPEM.path])
        #expect(alone.status == 2 && alone.errors.contains("--tls-client-ca needs HTTPS"), "\(alone.errors)")

        // A key that is not the certificate's: GnuTLS refuses it, and the error says so.
        let first = folder.appendingPathComponent("first.pem"), other = folder.appendingPathComponent("other-key.pem")
        let make = #"""
            import subprocess, sys
            subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=127.0.0.1",
                            "-keyout", sys.argv[1] + ".key", "-out", sys.argv[1], "-days", "1"], check=True, capture_output=True)
            subprocess.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", sys.argv[2]], check=True, capture_output=True)
            """#
        let made = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", make, first.path, other.path])
        try #require(made.status == 0, "openssl: \(made.errors)")
        let mismatched = try await ChildProcess.finished(understudy, ["serve", "--marvel", "--tls-cert", first.path, "--tls-key", other.path])
        #expect(mismatched.status == 2 && mismatched.errors.contains("GnuTLS refused"), "\(mismatched.errors)")
        let matched = try await ReadyProcess(["serve", "--marvel", "--tls-cert", first.path, "--tls-key", first.path + ".key", "--quiet"])
        #expect(matched.url.scheme == "https" && !matched.readyLine.contains("caCertificate"))
        _ = await matched.stop()
    }

    @Test func aProxyStubReachesAnHTTPSUpstreamThroughUpstreamCA() async throws {
        let upstream = try await ReadyProcess(["serve", "--marvel", "--tls", "--quiet"])
        let ready = try #require(try JSONSerialization.jsonObject(with: Data(upstream.readyLine.utf8)) as? [String: Any])
        let authority = try #require(ready["caCertificate"] as? String)
        let folder = try recordingFolder("upstream-ca")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("front.yaml")
        try """
            stubs:
              - request: { path: "/v1/{rest*}" }
                response: { proxy: { to: "\(upstream.url.absoluteString)" } }
            """.write(to: spec, atomically: true, encoding: .utf8)
        let signed = "/v1/public/comics?limit=1&ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
        let front = try await ReadyProcess(["serve", spec.path, "--upstream-ca", authority, "--quiet"])
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(URL(string: front.url.absoluteString + signed)!)
        #expect(reply.status == 200 && reply.text.contains(#""code":200"#), "\(reply.status) \(reply.text.prefix(300))")
        _ = await front.stop()

        let untrusting = try await ReadyProcess(["serve", spec.path, "--quiet"])
        let refused = try await client.get(URL(string: untrusting.url.absoluteString + signed)!)
        #expect(refused.status == 502 && refused.text.contains("--upstream-ca"), "\(refused.text)")
        _ = await untrusting.stop()
        _ = await upstream.stop()

        let missing = try await ChildProcess.finished(try BuiltProducts.url("understudy"),
                                                      ["serve", spec.path, "--upstream-ca", folder.appendingPathComponent("none.pem").path])
        #expect(missing.status == 2 && missing.errors.contains("--upstream-ca"), "\(missing.errors)")
    }
}
