import Foundation
import StubKit
@testable import StubSpec
import Testing

/// Form fields in spec files: `form:` takes the forms of `query:`, and is
/// written back for another process.
@Suite struct SpecFormTests {
    @Test func specFilesReadAndWriteForm() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request:
                  method: POST
                  path: /login
                  form: { username: ada, password: present, scope: { values: [read, write] } }
                response: { status: 204 }
            """, name: "form.yaml", directory: URL(fileURLWithPath: "/tmp"))
        let pattern = try #require(spec.stubs.first?.request)
        #expect(pattern.form == [FieldMatcher("username", .equals("ada")), FieldMatcher("password", .present),
                                 FieldMatcher("scope", .values(["read", "write"]))])
        let again = try StubSpec.parse(try SpecWriter.document(spec.stubs), name: "again.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(again.stubs.first?.request.form == pattern.form)
    }
}
