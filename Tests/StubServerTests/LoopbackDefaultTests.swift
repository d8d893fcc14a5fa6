import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A server binds 127.0.0.1 unless told otherwise: it cannot be reached on
/// this machine's other addresses.
@Suite struct LoopbackDefaultTests {
    /// This machine's IPv4 addresses other than loopback.
    static func externalAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var ip = v4.pointee.sin_addr
                _ = inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
            }
            let ip = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !ip.hasPrefix("127.") { found.append(ip) }
        }
        return found
    }

    @Test func theDefaultIsLoopbackOnlyAndOtherAddressesAreRefused() async throws {
        let server = try StubServer.start([Get("/x").respond(.text("here"))])
        defer { server.stop() }
        #expect(server.host == "127.0.0.1")
        _ = try RawSocket(port: server.port, timeout: 1) // loopback answers
        for address in Self.externalAddresses() {
            #expect(throws: RawSocketError.self, "the server answered on \(address)") {
                _ = try RawSocket(host: address, port: server.port, timeout: 1)
            }
        }
    }
}
