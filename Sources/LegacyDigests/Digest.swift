/// The bytes of a finished digest.
public struct Digest: Sendable, Hashable, Sequence, CustomStringConvertible {
    /// The digest's bytes.
    public let bytes: [UInt8]

    /// Iterates over the bytes.
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

    /// Lowercase hex, two digits a byte.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// ``hexString``.
    public var description: String { hexString }

    /// The bytes of `words`, each most significant byte first (SHA-1).
    init(bigEndianWords words: [UInt32]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 4)
        for word in words {
            for shift: UInt32 in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        self.bytes = bytes
    }

    /// The bytes of `words`, each least significant byte first (MD5).
    init(littleEndianWords words: [UInt32]) {
        self.init(bigEndianWords: words.map(\.byteSwapped))
    }
}

/// MD5 or SHA-1: bytes in, in as many pieces as you like, a digest out.
public protocol LegacyDigest: Sendable {
    /// A digest of nothing yet.
    init()
    /// Adds `bytes`.
    mutating func update(_ bytes: some Sequence<UInt8>)
    /// The digest of everything added.
    func finalize() -> Digest
}

extension LegacyDigest {
    /// The digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> Digest {
        var digest = Self()
        digest.update(bytes)
        return digest.finalize()
    }
}

/// The running state of a digest and the 64-byte blocks it compresses, and
/// the padding that ends them (a 1 bit, zeros, the length in bits as 64 bits).
struct DigestBlocks<State: Sendable>: Sendable {
    typealias Compress = (inout State, UnsafeRawBufferPointer) -> Void
    private var state: State
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init(_ state: State) { self.state = state }

    mutating func append(_ bytes: some Sequence<UInt8>, _ compressing: Compress) {
        var state = self.state
        defer { self.state = state }
        func compress(_ block: UnsafeRawBufferPointer) { compressing(&state, block) }
        // Contiguous bytes: whole blocks straight from the caller's buffer.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var start = 0
            while start < buffer.count, !pending.isEmpty {
                pending.append(buffer[start])
                start += 1
                if pending.count == 64 {
                    pending.withUnsafeBytes(compress)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            let raw = UnsafeRawBufferPointer(buffer)
            while buffer.count - start >= 64 {
                compress(UnsafeRawBufferPointer(rebasing: raw[start..<start + 64]))
                start += 64
            }
            pending.append(contentsOf: buffer[start...])
            length &+= UInt64(buffer.count)
        }
        if done != nil { return }
        for byte in bytes {
            pending.append(byte)
            length &+= 1
            if pending.count == 64 {
                pending.withUnsafeBytes(compress)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The state after the padding.
    func finish(bigEndianLength: Bool, _ compressing: Compress) -> State {
        var state = self.state
        func compress(_ block: UnsafeRawBufferPointer) { compressing(&state, block) }
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bits = length &* 8
        for index in 0..<8 {
            let shift = bigEndianLength ? (7 - index) * 8 : index * 8
            tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        tail.withUnsafeBytes { all in
            for start in stride(from: 0, to: all.count, by: 64) { compress(UnsafeRawBufferPointer(rebasing: all[start..<start + 64])) }
        }
        return state
    }
}
