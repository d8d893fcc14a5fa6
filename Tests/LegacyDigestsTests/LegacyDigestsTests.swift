import Foundation
import LegacyDigests
import Testing
import UnderstudyTestSupport

/// MD5 and SHA-1 against the published test vectors (RFC 1321's suite,
/// FIPS 180's examples) and against coreutils' `md5sum` and `sha1sum` on
/// lengths around the 64-byte block and its 56-byte padding boundary.
@Suite struct LegacyDigestsTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        ("1abcd1234", "ffd275c5130566a2916217b101f26150"),
    ])
    func md5MatchesRFC1321(_ text: String, _ hex: String) {
        #expect(MD5.hash(text.utf8).hexString == hex)
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1MatchesFIPS180(_ text: String, _ hex: String) {
        #expect(SHA1.hash(text.utf8).hexString == hex)
    }

    @Test func aMillionAsInPiecesIsTheSameAsAtOnce() {
        var sha1 = SHA1()
        var md5 = MD5()
        for _ in 0..<1_000 {
            sha1.update(Data(repeating: UInt8(ascii: "a"), count: 1_000))
            md5.update(Array(repeating: UInt8(ascii: "a"), count: 1_000).lazy.map { $0 })
        }
        #expect(sha1.finalize().hexString == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        #expect(md5.finalize().hexString == "7707d6ae4e027c70eea2a935c2296f21")
    }

    @Test func coreutilsAgreesAroundTheBlockBoundaries() async throws {
        var generator = SystemRandomNumberGenerator()
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1_000, 4_097] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            for (tool, ours) in [("md5sum", MD5.hash(bytes).hexString), ("sha1sum", SHA1.hash(Data(bytes)).hexString)] {
                let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/" + tool), [file.path])
                #expect(run.output.hasPrefix(ours + " "), "\(tool) on \(length) bytes: \(run.output), ours \(ours)")
            }
        }
    }
}
