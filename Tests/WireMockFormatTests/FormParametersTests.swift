import Foundation
import StubKit
import Testing
import WireMockFormat

/// WireMock 3's `formParameters` (2.35.1 refuses the key) read into form
/// field matchers; an export for 2.35 refuses them with the stub's place.
@Suite struct FormParametersTests {
    @Test func wireMockFormParametersTranslate() throws {
        let mapping = """
            { "request": { "method": "POST", "urlPath": "/login",
                           "formParameters": { "username": { "equalTo": "ada" }, "remember": { "absent": true } } },
              "response": { "status": 200 } }
            """
        let loaded = try WireMockMappings.read(Data(mapping.utf8), file: "login.json", bodyFiles: nil)
        let pattern = try #require(loaded.stubs.first?.request)
        #expect(pattern.form == [FieldMatcher("username", .equals("ada")), FieldMatcher("remember", .absent)])
        let request = RecordedRequest(method: "POST", target: "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                      body: Data("username=ada".utf8))
        #expect(pattern.match(request) != nil)
        let export = WireMockExport(stubs: loaded.stubs)
        #expect(export.exportedStubs == 0)
        #expect(export.notExported.first?.message.contains("WireMock 3's formParameters") == true, "\(export.notExported)")
    }
}
