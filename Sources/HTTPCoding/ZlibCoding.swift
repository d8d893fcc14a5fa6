internal import CZlib
public import HTTPWire

// zlib's side of a content coding: the only code that compresses or
// inflates, and the only importer of CZlib.

extension ContentCodec {
    /// gzip and deflate by zlib.
    public static let zlib = ContentCodec(encode: { $0.encode($1) }, decode: { coding, bytes throws(ContentCoding.DecodingError) in try coding.decode(bytes) })
}

extension ContentCoding {
    /// `bytes` compressed at zlib's default level.
    public func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: c_z_bound(bytes.count))
        let capacity = output.count
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                c_z_compress(input.baseAddress, input.count, out.baseAddress, capacity, windowBits, Z_DEFAULT_COMPRESSION)
            }
        }
        output.removeSubrange(written...)
        return output
    }

    /// The bytes `coded` holds, at most `limit` of them.
    ///
    /// - Throws: ``DecodingError`` for corrupt or truncated data, or output over `limit`.
    public func decode(_ coded: [UInt8], limit: Int = 64 << 20) throws(DecodingError) -> [UInt8] {
        do {
            return try Self.inflate(coded, windowBits: self == .gzip ? Int32(C_Z_GZIP) : Int32(C_Z_ZLIB), limit: limit)
        } catch let error where self == .deflate {
            // Some clients send raw deflate as "deflate".
            guard let raw = try? Self.inflate(coded, windowBits: Int32(C_Z_RAW), limit: limit) else { throw error }
            return raw
        }
    }

    private var windowBits: Int32 { self == .gzip ? Int32(C_Z_GZIP) : Int32(C_Z_ZLIB) }

    private static func inflate(_ coded: [UInt8], windowBits: Int32, limit: Int) throws(DecodingError) -> [UInt8] {
        guard let stream = c_z_inflater(windowBits) else { throw DecodingError(description: "zlib could not start inflating") }
        defer { c_z_inflater_free(stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4096, min(coded.count * 4, 1 << 20)))
        var first: Int32 = 1
        while true {
            var produced = 0
            let chunkSize = chunk.count
            let state = coded.withUnsafeBufferPointer { input in
                chunk.withUnsafeMutableBufferPointer { out in
                    c_z_inflate(stream, input.baseAddress, input.count, first, out.baseAddress, chunkSize, &produced)
                }
            }
            first = 0
            output += chunk[..<produced]
            guard output.count <= limit else {
                throw DecodingError(description: "decodes to more than \(limit) bytes")
            }
            switch state {
            case 1: return output
            case 0: continue
            default: throw DecodingError(description: "not valid \(windowBits == Int32(C_Z_GZIP) ? "gzip" : "deflate") data (corrupt or truncated)")
            }
        }
    }
}
