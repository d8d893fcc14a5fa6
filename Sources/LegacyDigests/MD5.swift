import Foundation

/// MD5 (RFC 1321), for the protocols that still name it: Marvel's request
/// hash, `md5(ts + privateKey + publicKey)`. Not for security.
///
/// ```swift
/// var md5 = MD5()
/// md5.update("1abcd1234".utf8)
/// md5.finalize().hexString // "ffd275c5130566a2916217b101f26150"
/// ```
public struct MD5: LegacyDigest {
    private var blocks = DigestBlocks<(UInt32, UInt32, UInt32, UInt32)>((0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476))

    /// A digest of nothing yet.
    public init() {}

    /// Adds `bytes`.
    public mutating func update(_ bytes: some Sequence<UInt8>) { blocks.append(bytes, Self.compress) }

    /// The 16-byte digest of everything added.
    public func finalize() -> Digest {
        let state = blocks.finish(bigEndianLength: false, Self.compress)
        return Digest(littleEndianWords: [state.0, state.1, state.2, state.3])
    }

    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

    /// `floor(|sin(i + 1)| * 2^32)`, as RFC 1321 defines its table.
    private static let table: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64((abs(sin(Double($0 + 1))) * 4_294_967_296).rounded(.down))) }

    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer) {
        var words = [UInt32](repeating: 0, count: 16)
        for index in 0..<16 { words[index] = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) }
        var (a, b, c, d) = state
        for index in 0..<64 {
            let f: UInt32, word: Int
            switch index {
            case 0..<16: f = (b & c) | (~b & d); word = index
            case 16..<32: f = (d & b) | (~d & c); word = (5 * index + 1) % 16
            case 32..<48: f = b ^ c ^ d; word = (3 * index + 5) % 16
            default: f = c ^ (b | ~d); word = (7 * index) % 16
            }
            let shift = shifts[(index / 16) * 4 + index % 4]
            let sum = a &+ f &+ table[index] &+ words[word]
            (a, d, c) = (d, c, b)
            b = b &+ ((sum << shift) | (sum >> (32 - shift)))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
