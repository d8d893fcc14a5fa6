// peer-hummingbird BODY_FILE [ROUTES]
//     Serves GET /fixed with BODY_FILE as JSON, beside ROUTES - 1 filler routes
//     shaped like the benchmark's stubs (half literal, half with a parameter), on
//     127.0.0.1 and a port the system picks. Prints "READY http://127.0.0.1:PORT
//     pid=PID" once listening; runs until SIGINT or SIGTERM.
// peer-hummingbird --start-stop N
//     Starts (until listening) and stops the same application N times
//     in-process and prints one JSON line with the median and p90 microseconds.
// peer-hummingbird --suite N
//     One test's cost, hand-rolled: N times, start an application with 20
//     routes on port 0, make 3 URLSession calls, check that it counted 3
//     requests, stop. Prints one JSON line (median, p90, wall).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import Logging
import Synchronization

func makeRouter(body: ByteBuffer, routes: Int) -> Router<BasicRequestContext> {
    let router = Router()
    for index in 0..<max(routes - 1, 0) {
        if index.isMultiple(of: 2) {
            let filler = ByteBuffer(string: #"{"filler":\#(index)}"#)
            router.get("filler/\(index)") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: filler))
            }
        } else {
            let resource = ByteBuffer(string: #"{"resource":\#(index)}"#)
            router.get("resource-\(index)/:id") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: resource))
            }
        }
    }
    router.get("fixed") { _, _ in
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }
    return router
}

func quietLogger() -> Logger {
    var logger = Logger(label: "peer-hummingbird")
    logger.logLevel = .critical
    return logger
}

func serve(bodyFile: String, routes: Int) async throws {
    guard let bytes = FileManager.default.contents(atPath: bodyFile) else {
        FileHandle.standardError.write(Data("peer-hummingbird: cannot read \(bodyFile)\n".utf8))
        exit(2)
    }
    let app = Application(
        router: makeRouter(body: ByteBuffer(bytes: bytes), routes: routes),
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            print("READY http://127.0.0.1:\(channel.localAddress?.port ?? 0) pid=\(getpid())")
            fflush(nil)
        },
        logger: quietLogger()
    )
    try await app.runService()
}

func startStop(cycles: Int) async throws {
    let router = makeRouter(body: ByteBuffer(string: "{}"), routes: 100)
    var micros: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<cycles {
        let began = clock.now
        let (running, signal) = AsyncStream<Void>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { _ in signal.yield() },
            logger: quietLogger()
        )
        let task = Task { try await app.run() }
        for await _ in running { break }
        task.cancel()
        _ = try? await task.value
        let elapsed = clock.now - began
        micros.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    micros.sort()
    print(#"{"cycles":\#(cycles),"medianMicros":\#(micros[cycles / 2]),"p90Micros":\#(micros[cycles * 9 / 10])}"#)
}

/// A server a test author writes by hand: 20 item routes, each counting its calls.
func suiteRouter(counter: RequestCounter) -> Router<BasicRequestContext> {
    let router = Router()
    for index in 0..<20 {
        let body = ByteBuffer(string: #"{"id":\#(index),"name":"item \#(index)"}"#)
        router.get("items/\(index)") { _, _ in
            counter.count.add(1, ordering: .relaxed)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
    }
    return router
}

/// The requests one test's server answered.
final class RequestCounter: Sendable {
    let count = Atomic<Int>(0)
}

func suite(tests: Int) async throws {
    let session = URLSession(configuration: .ephemeral)
    var micros: [Double] = []
    let clock = ContinuousClock()
    let began = clock.now
    for _ in 0..<tests {
        let started = clock.now
        let counter = RequestCounter()
        let (running, signal) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: suiteRouter(counter: counter),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in signal.yield(channel.localAddress?.port ?? 0) },
            logger: quietLogger()
        )
        let task = Task { try await app.run() }
        var port = 0
        for await announced in running { port = announced; break }
        for index in 0..<3 {
            let (_, response) = try await session.data(from: URL(string: "http://127.0.0.1:\(port)/items/\(index)")!)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { fatalError("GET /items/\(index) did not answer 200") }
        }
        guard counter.count.load(ordering: .relaxed) == 3 else { fatalError("expected 3 requests") }
        task.cancel()
        _ = try? await task.value
        let elapsed = clock.now - started
        micros.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    let wall = clock.now - began
    micros.sort()
    let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    print(#"{"tests":\#(tests),"medianMicros":\#(micros[tests / 2]),"p90Micros":\#(micros[tests * 9 / 10]),"wallSeconds":\#(seconds)}"#)
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--start-stop", let cycles = Int(arguments[2]), cycles > 0 {
    try await startStop(cycles: cycles)
} else if arguments.count == 3, arguments[1] == "--suite", let tests = Int(arguments[2]), tests > 0 {
    try await suite(tests: tests)
} else if arguments.count >= 2, !arguments[1].hasPrefix("-") {
    try await serve(bodyFile: arguments[1], routes: arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100)
} else {
    FileHandle.standardError.write(Data("usage: peer-hummingbird BODY_FILE [ROUTES] | --start-stop N | --suite N\n".utf8))
    exit(2)
}
