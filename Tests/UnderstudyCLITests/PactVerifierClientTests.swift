import Foundation
import Testing
import UnderstudyTestSupport

/// What `understudy verify --pact` sends, and over what: provider-state
/// values typed like the example, HTTPS providers trusted by the authority
/// given; and how `understudy serve` matches a multipart pact, beside
/// `pact stub`.
@Suite(.enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct PactVerifierClientTests {
    static func path(_ relative: String) -> String { CommandLineSpecTests.root.appendingPathComponent(relative).path }

    /// The `/things` requests a provider's journal holds: target, `X-N` header, body as JSON.
    static func things(_ base: String) async throws -> [(target: String, header: String?, body: [String: Any])] {
        let client = HTTPClient()
        defer { client.close() }
        let journal = try await client.get(URL(string: "\(base)/__admin/journal")!)
        let entries = (try JSONSerialization.jsonObject(with: journal.body) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        return entries.compactMap { entry in
            guard let request = entry["request"] as? [String: Any], let target = request["target"] as? String, target.hasPrefix("/things"),
                  let text = request["body"] as? String, let data = Data(base64Encoded: text),
                  let body = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            let headers = request["headers"] as? [[String: Any]] ?? []
            let header = headers.first { ($0["name"] as? String)?.lowercased() == "x-n" }?["value"] as? String
            return (target, header, body)
        }
    }

    @Test func providerStateValuesFillTheRequestTypedLikeTheExample() async throws {
        let served = try await CommandLineSpecTests.Served(["fixtures/pacts/provider-state/provider.yaml", "--quiet"])
        defer { served.kill() }
        let pact = Self.path("fixtures/pacts/provider-state/typed-values.json")
        let stateChange = "\(served.url)/_pact/state"
        let ours = try await CommandLineSpecTests.finished(["verify", "--pact", pact, "--against", served.url, "--state-change-url", stateChange])
        #expect(ours.status == 0, "\(ours.output) \(ours.errors)")
        let port = try #require(URL(string: served.url)?.port)
        let theirs = try await PactTool.run(["verifier", "-f", pact, "--hostname", "127.0.0.1", "--port", "\(port)", "--no-colour",
                                             "--state-change-url", stateChange])
        #expect(theirs.status == 0, "\(theirs.output)")

        let sent = try await Self.things(served.url)
        try #require(sent.count == 2, "one request from each verifier: \(sent.map(\.target))")
        let (mine, reference) = (sent[0], sent[1])
        // Both fill the path, query and header from what the state change returned.
        #expect(mine.target == "/things?n=5" && reference.target == "/things?n=5")
        #expect(mine.header == "77" && reference.header == "77")
        // We give each value the example's type ("77" where the example is the number 1 is 77;
        // "true" where it is false is true); pact verifier 1.4.7 keeps the state's types.
        #expect(mine.body["id"] as? Int == 77, "\(mine.body)")
        #expect(mine.body["flag"] as? Bool == true, "\(mine.body)")
        #expect(mine.body["name"] as? String == "5", "\(mine.body)")
        #expect(mine.body["n"] as? String == "n is 5", "\(mine.body)")
        #expect(reference.body["n"] as? String == "n is 5", "an expression with text around the value is text in both")
    }

    @Test func anHTTPSProviderIsVerifiedWithTheAuthorityItIsGiven() async throws {
        let pact = Self.path("fixtures/pacts/interop/get-with-body-v3.json")
        let served = try await ReadyProcess(["serve", pact, "--tls", "--quiet"])
        defer { served.kill() }
        let ready = try #require(try JSONSerialization.jsonObject(with: Data(served.readyLine.utf8)) as? [String: Any])
        let authority = try #require(ready["caCertificate"] as? String)
        let base = served.url.absoluteString

        let trusted = try await CommandLineSpecTests.finished(["verify", "--pact", pact, "--against", base, "--ca-certificate", authority])
        #expect(trusted.status == 0 && trusted.output.contains("3 ok, 0 failed"), "\(trusted.output) \(trusted.errors)")
        let untold = try await CommandLineSpecTests.finished(["verify", "--pact", pact, "--against", base])
        #expect(untold.status == 1 && untold.output.lowercased().contains("not trusted") && untold.output.contains("--ca-certificate"),
                "\(untold.output)")
        let insecure = try await CommandLineSpecTests.finished(["verify", "--pact", pact, "--against", base, "--insecure"])
        #expect(insecure.status == 0, "\(insecure.output)")
        let missing = try await CommandLineSpecTests.finished(["verify", "--pact", pact, "--against", base, "--ca-certificate", "/nonexistent/ca.pem"])
        #expect(missing.status == 2 && missing.errors.contains("--ca-certificate /nonexistent/ca.pem"), "\(missing.errors)")
    }

    /// A multipart request, built with `boundary` from `parts` (name, content type, file name, bytes).
    static func multipart(_ boundary: String, _ parts: [(String, String?, String?, [UInt8])]) -> Data {
        var body = Data()
        for (name, type, file, bytes) in parts {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"".utf8))
            if let file { body.append(Data("; filename=\"\(file)\"".utf8)) }
            body.append(Data("\r\n".utf8))
            if let type { body.append(Data("Content-Type: \(type)\r\n".utf8)) }
            body.append(Data("\r\n".utf8) + Data(bytes) + Data("\r\n".utf8))
        }
        return body + Data("--\(boundary)--\r\n".utf8)
    }

    @Test func aMultipartPactMatchesPartByPartAsPactStubDoes() async throws {
        let pact = Self.path("fixtures/pacts/multipart-upload-v3.json")
        let stub = try await PactStub(serving: pact)
        defer { stub.kill() }
        let stubPort = stub.port
        let served = try await CommandLineSpecTests.Served([pact, "--quiet"])
        defer { served.kill() }

        let title = ("title", nil as String?, nil as String?, Array("Holiday".utf8))
        let file = ("file", "text/plain" as String?, "a.txt" as String?, Array("hello file".utf8))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let cases: [(String, String, [(String, String?, String?, [UInt8])])] = [
            ("the example", "XyZ", [title, file]),
            ("another boundary", "QQ", [title, file]),
            ("another title", "XyZ", [("title", nil, nil, Array("Work".utf8)), file]),
            ("other file text", "XyZ", [title, ("file", "text/plain", "a.txt", Array("other content".utf8))]),
            ("another file name", "XyZ", [title, ("file", "text/plain", "b.txt", Array("hello file".utf8))]),
            ("an extra part", "XyZ", [title, file, ("extra", nil, nil, Array("x".utf8))]),
            ("parts reordered", "XyZ", [file, title]),
            ("no file part", "XyZ", [title]),
            ("no title part", "XyZ", [file]),
            ("a PNG part header", "XyZ", [title, ("file", "image/png", "a.txt", Array("hello file".utf8))]),
            ("PNG bytes as text/plain", "XyZ", [title, ("file", "text/plain", "a.txt", png)]),
        ]
        let client = HTTPClient()
        defer { client.close() }
        for path in ["/upload", "/upload2"] {
            for (name, boundary, parts) in cases {
                let body = Self.multipart(boundary, parts)
                let headers = ["Content-Type": "multipart/form-data; boundary=\(boundary)"]
                let theirs = try await client.send("POST", URL(string: "http://127.0.0.1:\(stubPort)\(path)")!, body: body, headers: headers)
                let ours = try await client.send("POST", URL(string: "\(served.url)\(path)")!, body: body, headers: headers)
                #expect(ours.status == theirs.status, "\(path), \(name): pact stub \(theirs.status), understudy serve \(ours.status)")
            }
            // Where pact stub answers a JSON body as if it were the multipart one, we do not.
            let json = try await client.send("POST", URL(string: "\(served.url)\(path)")!, body: Data(#"{"a":1}"#.utf8),
                                             headers: ["Content-Type": "application/json"])
            #expect(json.status == 404)
        }
    }
}
