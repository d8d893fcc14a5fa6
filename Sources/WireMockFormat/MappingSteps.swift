import StubKit

/// The calls a stub answers, as WireMock scenario steps.
///
/// A plain stub is one step in its own scenario, if any. A stub with `times`
/// or a response sequence counts its calls in a scenario of its own: call
/// `n` requires state `call n` (the first, `Started`) and moves to the next;
/// the last call of a sequence repeats; after `times` calls no mapping
/// matches, and requests fall through to the stubs below, as in Understudy.
struct Step {
    var scenario: String?
    var requiredState: String?
    var newState: String?
    /// Which of the stub's responses this call answers with.
    var response: Int
}

extension MappingWriter {
    func steps(_ responseCount: Int) throws(Inexpressible) -> [Step] {
        guard stub.times != nil || responseCount > 1 else {
            return [Step(scenario: stub.scenario?.scenario, requiredState: stub.scenario?.requiredState,
                         newState: stub.scenario?.newState, response: 0)]
        }
        guard stub.scenario == nil else {
            throw Inexpressible(reason: "WireMock counts calls with scenario states, and this stub is in a scenario of its own")
        }
        let calls = stub.times ?? responseCount
        guard calls <= Self.maximumExpandedCalls else {
            throw Inexpressible(reason: "times(\(calls)) would take \(calls) mappings (at most \(Self.maximumExpandedCalls))")
        }
        let scenario = "understudy calls of \(stub.id.rawValue)"
        func state(_ call: Int) -> String { call == 0 ? ScenarioStep.started : "call \(call + 1)" }
        return (0..<calls).map { call in
            let repeats = stub.times == nil && call == calls - 1
            return Step(scenario: scenario, requiredState: state(call), newState: repeats ? nil : state(call + 1),
                        response: min(call, responseCount - 1))
        }
    }
}

/// A stable UUID for a stub id that is not one, so exporting the same stubs
/// twice writes the same mapping ids.
enum DerivedUUID {
    static func make(from text: String) -> String {
        // Two FNV-1a hashes with different offsets make 128 bits.
        func fnv(_ offset: UInt64) -> UInt64 {
            var hash = offset
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        var bytes = withUnsafeBytes(of: fnv(0xcbf2_9ce4_8422_2325).bigEndian, Array.init)
            + withUnsafeBytes(of: fnv(0x8422_2325_cbf2_9ce4).bigEndian, Array.init)
        bytes[6] = (bytes[6] & 0x0f) | 0x80  // version 8: custom
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }
}
