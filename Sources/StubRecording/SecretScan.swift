import StubKit
import Foundation

/// Searches what a recording would write for the secrets it saw, as written
/// and as a URL or JSON writer would escape them.
public enum SecretScan {
    /// One secret found in one file.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The file, relative to the output folder.
        public var path: String
        /// The 1-based line it is on.
        public var line: Int
        /// The secret (masked when described).
        public var secret: SecretValue

        /// `marvel.yaml:12: a value seen at query hash of GET /x ("ab…", 32 characters)`.
        public var description: String { "\(path):\(line): holds the value seen at \(secret.seenAt) (\(secret))" }
    }

    /// Every place a secret of at least ``SecretValue/shortestScanned``
    /// characters occurs in `files`.
    public static func findings(in files: [Recording.File], secrets: [SecretValue]) -> [Finding] {
        var found: [Finding] = []
        for secret in secrets where secret.value.count >= SecretValue.shortestScanned {
            let forms = Set([secret.value, secret.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret.value,
                             secret.value.replacingOccurrences(of: "/", with: "\\/")])
            for file in files {
                for form in forms {
                    guard let range = file.data.range(of: Data(form.utf8)) else { continue }
                    let line = file.data[..<range.lowerBound].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                    found.append(Finding(path: file.path, line: line, secret: secret))
                    break
                }
            }
        }
        return found
    }
}
