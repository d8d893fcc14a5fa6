import ArgumentParser

/// Which authorities a proxy's `https` upstream may present a certificate
/// from, besides the system's: for `serve` and `record` in front of a
/// server with its own CA (another `understudy serve --tls`, a company CA).
struct UpstreamTrustOptions: ParsableArguments {
    @Option(name: .customLong("upstream-ca"), parsing: .singleValue,
            help: ArgumentHelp("Trust this CA (PEM) for https upstreams, besides the system's; repeatable.", valueName: "pem"))
    var upstreamCa: [String] = []

    /// Each file's PEM text.
    func authorities() throws -> [String] {
        try upstreamCa.map { try TLSOptions.read($0, "--upstream-ca") }
    }
}
