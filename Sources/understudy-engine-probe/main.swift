// A stand-in for a unit test target that answers requests in process: it
// links only the engine, the in-process transport and the assertions (no
// socket, no libmicrohttpd, no system C library),
// answers requests through the engine as an in-process transport would,
// including a delayed answer sent from a timer and a fault, and checks them
// with the assertions a test uses. StubServerTests runs it and reads its
// dynamic libraries. Exit 0 when every step passed, 1 when one failed.
import Foundation
import HTTPWire
import StubAssertions
import StubEngine
import StubInProcess
import StubKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// First, before any URLSession exists (the only time Linux lets a registered
// URLProtocol reach URLSession.shared): the opt-in interception.
InProcessServer.registerSharedSessionInterception()

/// The answer `engine` gives `request`, waiting for a later one (a delay) on a semaphore.
func answer(_ request: RecordedRequest, from engine: Engine) -> Answer {
    let first = engine.answer(request)
    guard case .later(let deferred) = first else { return first }
    let done = DispatchSemaphore(value: 0)
    let box = AnswerBox()
    deferred(AnswerSink { box.answer = $0; done.signal() })
    done.wait()
    return box.answer ?? .closeConnection
}

final class AnswerBox: @unchecked Sendable {
    var answer: Answer?
    var text: String?
}

nonisolated(unsafe) var failures = 0
func check(_ condition: Bool, _ what: String) {
    print("\(condition ? "ok" : "FAILED"): \(what)")
    if !condition { failures += 1 }
}

do {
    let set = try StubSet {
        Get("/probe/greeting").query("name", "Ada").respond(.json(#"{"greeting":"hello, Ada"}"#))
        Get("/probe/slow").delay(.milliseconds(20)).respond(.text("late"))
        Get("/probe/broken").fault(.connectionReset)
    }
    let journal = Journal(capacity: 100)
    let engine = Engine(set: set, journal: journal, seed: 1, redaction: .secrets, cors: nil, compression: nil, codec: nil)

    let greeting = answer(RecordedRequest(method: "GET", target: "/probe/greeting?name=Ada"), from: engine)
    check(greeting.sentStatus == 200, "a fixed stub answers 200 (\(greeting.sentStatus.map(String.init) ?? "none"))")
    check(greeting.response.map { String(decoding: $0.body, as: UTF8.self) }?.contains("hello, Ada") == true, "with its body")

    let slow = answer(RecordedRequest(method: "GET", target: "/probe/slow"), from: engine)
    check(slow.response.map { String(decoding: $0.body, as: UTF8.self) } == "late", "a delayed stub answers from a timer")

    let broken = engine.answer(RecordedRequest(method: "GET", target: "/probe/broken"))
    if case .resetConnection = broken { check(true, "a fault is a value") } else { check(false, "a fault is a value") }

    let missing = answer(RecordedRequest(method: "GET", target: "/probe/missing"), from: engine)
    check(missing.sentStatus == 404, "an unmatched request gets the 404 report")

    let snapshot = journal.snapshot(redaction: engine.redaction)
    check(JournalExpectations.received(Get("/probe/greeting").query("name", "Ada").request, .once, in: snapshot) == nil,
          "the assertions see the journal")
    check(JournalExpectations.unmatched(.once, in: snapshot) == nil, "and the unmatched request")
} catch {
    check(false, "the stubs prepare: \(error)")
}

// The in-process transport: a URLSession answered by the stubs, no socket.
do {
    let server = try InProcessServer.start { Get("/probe/session").respond(.text("in process")) }
    let done = DispatchSemaphore(value: 0)
    let body = AnswerBox()
    server.session.dataTask(with: URL(string: "https://api.example.com/probe/session")!) { data, _, _ in
        body.text = data.map { String(decoding: $0, as: UTF8.self) }
        done.signal()
    }.resume()
    done.wait()
    check(body.text == "in process", "a URLSession is answered in process (\(body.text ?? "nothing"))")
    check(JournalExpectations.received(Get("/probe/session").request, .once, in: server.journal.snapshot(redaction: server.redaction)) == nil,
          "the assertions see the in-process journal")
    server.stop()
} catch {
    check(false, "the in-process server starts: \(error)")
}
// URLSession.shared, intercepted for one scope; after it, a request to a
// host that is not loopback fails, naming itself, instead of reaching the network.
do {
    let server = try InProcessServer.start { Get("/shared").respond(.text("intercepted")) }
    let text = try await server.interceptingSharedSession {
        String(decoding: try await URLSession.shared.data(from: URL(string: "https://api.example.com/shared")!).0, as: UTF8.self)
    }
    check(text == "intercepted", "URLSession.shared is answered inside the scope (\(text))")
    do {
        _ = try await URLSession.shared.data(from: URL(string: "https://api.example.com/escaped")!)
        check(false, "a request after the scope fails")
    } catch {
        check("\(error)".contains("no running test owns"), "a request after the scope fails, naming why (\(error))")
    }
    server.stop()
} catch {
    check(false, "the interception works when registered first: \(error)")
}
exit(failures == 0 ? 0 : 1)
