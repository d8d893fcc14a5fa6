import Foundation
import StubKit
@testable import StubSpec
import Testing

/// Held answers in spec files: `held: {}` and `held: { timeout:, otherwise: }`,
/// read into the DSL's value, refused with line and key when wrong, and
/// written back for another process.
@Suite struct SpecHeldTests {
    static func held(_ stub: Stub?) -> HeldAnswer? {
        guard case .held(let held)? = stub?.response else { return nil }
        return held
    }

    @Test func heldReadsAsTheDSLWritesIt() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request: { method: GET, path: /search }
                response: { held: {} }
              - request: { method: GET, path: /slow }
                response:
                  held: { timeout: 30s, otherwise: { status: 503, body: busy } }
            """, name: "held.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(Self.held(spec.stubs.first) == HeldAnswer())
        #expect(Self.held(spec.stubs.last) == HeldAnswer(timeout: .seconds(30), otherwise: .text("busy", status: 503)))

        let written = try SpecWriter.document(spec.stubs)
        let again = try StubSpec.parse(written, name: "again.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(again.stubs.map(Self.held) == spec.stubs.map(Self.held), "\(written)")
    }

    @Test func aWrongHeldAnswerIsRefusedWithItsLineAndKey() {
        #expect(SpecErrorTests.problems("""
            stubs:
              - request: { path: /search }
                response: { held: { otherwise: { status: 504 } } }
            """) == ["bad.yaml:3:36: error: stubs[0].response.held.otherwise: otherwise: answers once timeout: passed; give a timeout"])
        #expect(SpecErrorTests.problems("""
            stubs:
              - request: { path: /search }
                response: { held: { timeout: soon } }
            """).first?.contains("stubs[0].response.held.timeout") == true)
        #expect(SpecErrorTests.problems("""
            stubs:
              - request: { path: /search }
                response: { held: {}, body: hi }
            """).first?.contains("a response has one body; found body, held") == true)
    }
}
