import Foundation
import StubKit
@testable import StubSpec
import Testing

/// `mustBeUsed:` in spec files: read into the stub and written back.
@Suite struct SpecUsageTests {
    @Test func mustBeUsedReadsAndWritesBack() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request: { path: /a }
                mustBeUsed: true
              - request: { path: /b }
                mustBeUsed: false
              - request: { path: /c }
            """, name: "usage.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(spec.stubs.map(\.mustBeUsed) == [true, false, nil])
        let again = try StubSpec.parse(try SpecWriter.document(spec.stubs), name: "again.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(again.stubs.map(\.mustBeUsed) == [true, false, nil])
    }
}
