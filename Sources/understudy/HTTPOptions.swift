import ArgumentParser
import StubServer

/// `serve`'s HTTP options: request-head limits (and, as they come, the other
/// server-wide HTTP behaviour), applied to a server configuration.
struct HTTPOptions: ParsableArguments {
    @Option(help: "The longest request target (path and query) in bytes; longer gets a JSON 414. Default 16384.")
    var maxTargetBytes: Int?

    @Option(help: "The most request header fields; more get a JSON 431. Default 100.")
    var maxHeaderFields: Int?

    @Option(help: "The most bytes of request header fields; more get a JSON 431. Default 8192.")
    var maxHeaderBytes: Int?

    @Option(help: "The most cookies in a request; more get a JSON 431. Default 100.")
    var maxCookies: Int?

    func validate() throws {
        for (name, value) in [("--max-target-bytes", maxTargetBytes), ("--max-header-fields", maxHeaderFields),
                              ("--max-header-bytes", maxHeaderBytes), ("--max-cookies", maxCookies)] {
            if let value, value < 1 { throw ValidationError("\(name) must be at least 1, not \(value)") }
        }
    }

    /// Sets what was given on `configuration`.
    func apply(to configuration: inout StubServer.Configuration) {
        configuration.limitRequests(targetBytes: maxTargetBytes, headerFields: maxHeaderFields,
                                    headerBytes: maxHeaderBytes, cookies: maxCookies)
    }
}
