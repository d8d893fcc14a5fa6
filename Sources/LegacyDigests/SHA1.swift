/// SHA-1 (FIPS 180-4), for the protocols that still name it: the Marvel
/// fake's ETags and the WebSocket handshake's accept value. Not for security.
public struct SHA1: LegacyDigest {
    private var blocks = DigestBlocks<(UInt32, UInt32, UInt32, UInt32, UInt32)>((0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0))

    /// A digest of nothing yet.
    public init() {}

    /// Adds `bytes`.
    public mutating func update(_ bytes: some Sequence<UInt8>) { blocks.append(bytes, Self.compress) }

    /// The 20-byte digest of everything added.
    public func finalize() -> Digest {
        let state = blocks.finish(bigEndianLength: true, Self.compress)
        return Digest(bigEndianWords: [state.0, state.1, state.2, state.3, state.4])
    }

    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer) {
        var words = [UInt32](repeating: 0, count: 80)
        for index in 0..<16 { words[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) }
        for index in 16..<80 {
            let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
            words[index] = (mixed << 1) | (mixed >> 31)
        }
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let f: UInt32, k: UInt32
            switch index {
            case 0..<20: f = (b & c) | (~b & d); k = 0x5a82_7999
            case 20..<40: f = b ^ c ^ d; k = 0x6ed9_eba1
            case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8f1b_bcdc
            default: f = b ^ c ^ d; k = 0xca62_c1d6
            }
            let next = ((a << 5) | (a >> 27)) &+ f &+ e &+ k &+ words[index]
            (e, d, c, b, a) = (d, c, (b << 30) | (b >> 2), a, next)
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}
