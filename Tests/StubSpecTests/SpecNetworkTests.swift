import Foundation
import StubKit
@testable import StubSpec
import Testing

/// Network conditions in spec files: `delay: { network: slow-3g }` or
/// `{ network: { latency, bytesPerSecond } }`, written back the same way;
/// an unknown preset is refused naming the presets.
@Suite struct SpecNetworkTests {
    @Test func networkDelaysReadAndWriteBack() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request: { path: /a }
                delay: { network: slow-3g }
              - request: { path: /b }
                delay: { network: { latency: 300ms, bytesPerSecond: 50000 } }
              - request: { path: /c }
                delay: { network: { latency: 80ms } }
            """, name: "net.yaml", directory: URL(fileURLWithPath: "/tmp"))
        let expected: [Delay?] = [.network(.slow3G), .network(NetworkConditions(latency: .milliseconds(300), bytesPerSecond: 50_000)),
                                  .network(NetworkConditions(latency: .milliseconds(80)))]
        #expect(spec.stubs.map(\.delay) == expected)
        let again = try StubSpec.parse(try SpecWriter.document(spec.stubs), name: "again.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(again.stubs.map(\.delay) == expected)
    }

    @Test func anUnknownPresetIsRefusedNamingThePresets() {
        #expect(SpecErrorTests.problems("""
            stubs:
              - request: { path: /a }
                delay: { network: 5g }
            """) == [#"bad.yaml:3:23: error: stubs[0].delay.network: no network preset "5g"; the presets are edge, slow-3g, fast-3g, fast-4g, slow-wifi, or give { latency, bytesPerSecond }"#])
    }
}
