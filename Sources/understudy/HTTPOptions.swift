import ArgumentParser
import Foundation
import StubKit
import StubServer

/// `serve`'s HTTP options: CORS, response compression and request-head
/// limits, applied to a server configuration.
struct HTTPOptions: ParsableArguments {
    @Flag(help: "Let browser pages on any origin read every answer (errors and 404 reports included); answer CORS preflights with 204.")
    var cors = false

    @Option(help: "Allow only this origin (repeatable); implies --cors.")
    var corsOrigin: [String] = []

    @Flag(help: "Compress answers of compressible types (JSON, text, XML) with gzip or deflate when the client accepts it.")
    var compress = false

    @Option(help: "With --compress, the smallest body compressed, in bytes.")
    var compressMinBytes = CompressionPolicy().minimumBytes

    @Option(help: ArgumentHelp(
        "Send every answer whose stub has no delay across this network: a preset (edge, slow-3g, fast-3g, fast-4g, slow-wifi) or LATENCY[,BYTES_PER_SECOND] (300ms,50000).",
        valueName: "network"))
    var network: String?

    @Option(help: "The longest request target (path and query) in bytes; longer gets a JSON 414. Default 16384.")
    var maxTargetBytes: Int?

    @Option(help: "The most request header fields; more get a JSON 431. Default 100.")
    var maxHeaderFields: Int?

    @Option(help: "The most bytes of request header fields; more get a JSON 431. Default 8192.")
    var maxHeaderBytes: Int?

    @Option(help: "The most cookies in a request; more get a JSON 431. Default 100.")
    var maxCookies: Int?

    func validate() throws {
        if compressMinBytes < 0 { throw ValidationError("--compress-min-bytes must be 0 or more") }
        if let network, Self.conditions(network) == nil {
            throw ValidationError("--network \(network): not a preset (\(NetworkConditions.presets.map(\.name).joined(separator: ", "))) "
                                  + "nor LATENCY[,BYTES_PER_SECOND] such as 300ms,50000")
        }
        for (name, value) in [("--max-target-bytes", maxTargetBytes), ("--max-header-fields", maxHeaderFields),
                              ("--max-header-bytes", maxHeaderBytes), ("--max-cookies", maxCookies)] {
            if let value, value < 1 { throw ValidationError("\(name) must be at least 1, not \(value)") }
        }
    }

    /// Sets what was given on `configuration`.
    func apply(to configuration: inout StubServer.Configuration) {
        if cors || !corsOrigin.isEmpty {
            configuration.cors = corsOrigin.isEmpty ? .allowAll : CORSPolicy(allowedOrigins: corsOrigin)
        }
        if compress { configuration.compression = CompressionPolicy(minimumBytes: compressMinBytes) }
        if let network { configuration.networkConditions = Self.conditions(network) }
        configuration.limitRequests(targetBytes: maxTargetBytes, headerFields: maxHeaderFields,
                                    headerBytes: maxHeaderBytes, cookies: maxCookies)
    }

    /// A preset's name, or `LATENCY[,BYTES_PER_SECOND]` (`300ms,50000`, `2s`).
    static func conditions(_ text: String) -> NetworkConditions? {
        if let preset = NetworkConditions.preset(named: text) { return preset }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(parts.count), let latency = duration(parts[0]) else { return nil }
        guard parts.count == 2 else { return NetworkConditions(latency: latency) }
        guard let rate = Int(parts[1]), rate >= 1 else { return nil }
        return NetworkConditions(latency: latency, bytesPerSecond: rate)
    }

    /// `300ms`, `2s`, `1.5s`.
    private static func duration(_ text: String) -> Duration? {
        for (suffix, scale) in [("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(suffix) {
            guard let number = Double(text.dropLast(suffix.count)), number >= 0, number.isFinite else { return nil }
            return .nanoseconds(Int64(number * scale * 1e9))
        }
        return nil
    }
}
