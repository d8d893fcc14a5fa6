import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Form fields as a matcher: an `application/x-www-form-urlencoded` body
/// matched field by field (order-free, repeated fields, percent-decoding)
/// with the usual value matchers; a near miss names the field that differed.
/// Spec files: `SpecFormTests`; WireMock's `formParameters`: `FormParametersTests`.
@Suite struct FormFieldTests {
    static func form(_ body: String, type: String? = "application/x-www-form-urlencoded") -> RecordedRequest {
        RecordedRequest(method: "POST", target: "/login", headers: type.map { ["Content-Type": $0] } ?? [:], body: Data(body.utf8))
    }

    static let login = Post("/login").form("username", "ada lovelace").form("password", .present).form("scope", .values(["read", "write"]))

    @Test func fieldsMatchInAnyOrderDecodedWithRepeatedNames() {
        let pattern = Self.login.request
        #expect(pattern.match(Self.form("password=s%3Dcret&scope=read&username=ada+lovelace&scope=write")) != nil)
        #expect(pattern.match(Self.form("scope=read&scope=write&password=x&username=ada%20lovelace")) != nil)
        #expect(pattern.match(Self.form("username=ada+lovelace&password=x&scope=read")) == nil, "both values of a repeated field")
        #expect(pattern.match(Self.form("username=grace&password=x&scope=read&scope=write")) == nil)
        #expect(pattern.match(Self.form("username=ada+lovelace&scope=read&scope=write")) == nil, "password is required")
        #expect(pattern.match(Self.form("username=ada+lovelace&password=x&scope=read&scope=write", type: nil)) != nil,
                "a body with no Content-Type is read as a form")
        #expect(pattern.match(Self.form("username=ada+lovelace&password=x&scope=read&scope=write", type: "application/json")) == nil,
                "a body of another declared type has no form fields")
        #expect(Post("/login").form("remember", .absent).request.match(Self.form("username=ada")) != nil)
        #expect(Post("/login").form("q", .matches("^[a-z]+$")).request.match(Self.form("q=abc")) != nil)
    }

    @Test func aNearMissNamesTheFieldThatDiffered() throws {
        let checks = Self.login.request.checks(against: Self.form("username=grace&password=x&scope=read&scope=write"))
        #expect(checks.filter { !$0.matched } == [FieldCheck(field: "form username", expected: #"== "ada lovelace""#, actual: #""grace""#, matched: false)])
        let json = Self.login.request.checks(against: Self.form(#"{"username":"ada"}"#, type: "application/json"))
        #expect(json.first { $0.field == "form username" }?.actual == "(absent) (the body is application/json, not a form)")
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aRealClientPostingAFormIsAnswered(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs {
            Post("/login").form("username", "ada").form("password", "p&ss w=rd").respond(.json(#"{"token":"t1"}"#))
        }.transport(transport))
        defer { server.stop() }
        var request = URLRequest(url: server.url("/login"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
        request.httpBody = Data("password=\(encoded("p&ss w=rd"))&username=ada".utf8)
        let (data, response) = try await server.session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
        #expect(String(decoding: data, as: UTF8.self) == #"{"token":"t1"}"#)
    }
}
