import Foundation
import MicroHTTP
import StubServer
#if canImport(Glibc)
import Glibc
#endif

/// Serves the benchmark stubs until SIGINT or SIGTERM.
struct BenchServe {
    let arguments: Options

    func run() throws {
        let body = try Data(contentsOf: URL(fileURLWithPath: try arguments.string("body")))
        let count = try arguments.int("stubs", default: 100)
        var configuration = StubServer.Configuration()
        configuration.port = try arguments.int("port", default: 0)
        configuration.journalCapacity = try arguments.int("journal", default: 100_000)
        configuration.connectionTimeoutSeconds = try arguments.int(
            "timeout", default: configuration.connectionTimeoutSeconds)
        if try arguments.int("tls", default: 0) == 1 { configuration.tls = .generated }
        let certificate = try arguments.string("tls-cert", default: ""), key = try arguments.string("tls-key", default: "")
        if !certificate.isEmpty {
            configuration.tls = .certificate(try String(contentsOfFile: certificate, encoding: .utf8),
                                             key: try String(contentsOfFile: key, encoding: .utf8))
        }
        configuration.threadCount = try arguments.int("threads", default: configuration.threadCount)

        // Block the signals before the daemon's threads exist, so they inherit
        // the mask and only this thread receives them, in sigwait.
        let signals = blockStopSignals()

        let server = try StubServer.start(.stubs(benchStubs(count: count, body: body), configuration: configuration))
        print("READY \(server.baseURL.absoluteString) pid=\(getpid())")
        fflush(nil)
        waitForStopSignal(signals)
        server.stop()
        print("STOPPED after \(server.journal.recordedCount) requests")
    }
}
