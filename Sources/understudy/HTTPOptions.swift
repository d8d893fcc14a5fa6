import ArgumentParser
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
        configuration.limitRequests(targetBytes: maxTargetBytes, headerFields: maxHeaderFields,
                                    headerBytes: maxHeaderBytes, cookies: maxCookies)
    }
}
