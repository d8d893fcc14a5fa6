import Foundation

/// The loud warning `serve` prints when it listens on an address other
/// machines can reach: a test double serves whatever its stubs and fixtures
/// hold to anyone who asks.
package struct ExposureWarning: Sendable, Equatable {
    /// The bound address, as configured.
    package let host: String

    /// The warning for `host`, or nil when `host` is a loopback address
    /// (127.0.0.0/8, ::1 or `localhost`).
    package init?(host: String) {
        guard !Self.isLoopback(host) else { return nil }
        self.host = host
    }

    /// Whether `host` can only be reached from this machine.
    package static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return (UInt32(bigEndian: v4.s_addr) >> 24) == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            // ::ffff:127.x.y.z, IPv4-mapped loopback.
            let bytes = withUnsafeBytes(of: v6) { Array($0) }
            return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        }
        return false
    }

    /// The warning, in bold red when `colour`.
    package func text(colour: Bool) -> String {
        let what = host == "0.0.0.0" || host == "::" ? "every network interface" : "\(host), which is not a loopback address"
        let lines = [
            "WARNING: understudy is listening on \(what).",
            "  Other machines can send it requests and read every stub and fixture it serves.",
            "  Bind 127.0.0.1 (the default, or --host 127.0.0.1) unless they must reach it.",
        ]
        let text = lines.joined(separator: "\n")
        return colour ? "\u{1B}[1;31m\(text)\u{1B}[0m" : text
    }
}
