import Foundation
package import StubKit
public import StubRecording
public import StubServer
import Synchronization
import WireMockFormat

/// WireMock's admin API (and a few routes of our own) served beside a
/// server's stubs, on the same port, under `/__admin`.
///
/// ```swift
/// let server = try StubServer.start(stubs)
/// let admin = AdminAPI.mount(on: server)   // loopback callers only
/// ```
///
/// Admin requests are answered before any stub and never journaled. Mappings
/// posted here become ordinary stubs through `WireMockFormat`'s reader, so
/// near misses and the journal treat them like every other stub. Only
/// loopback callers are answered unless ``AdminOptions/token`` is set; then
/// every caller must send it as a bearer token.
public final class AdminAPI: Sendable {
    /// The server this API changes and reads.
    public let server: StubServer
    /// How it is offered.
    public let options: AdminOptions
    /// The stubs served when it was mounted: what `mappings/reset` and `reset` go back to.
    let baseline: [Stub]
    /// `GET /settings`: empty until a `POST /settings`.
    let settings = Mutex<[String: JSONValue]>([:])
    let started = Date()
    /// What `/recordings/…` drive.
    public let recorder: Recorder
    /// The held calls `held/take` handed out, by journal sequence (the newest 1,000).
    let takenCalls = Mutex<[Int: HeldCall]>([:])
    /// Where posted mappings' `bodyFileName`s are read: the root's `__files`, made once.
    let bodyFiles: URL?
    /// Posted mappings as read, by their bytes.
    let mappingMemory = MappingMemory()

    private init(server: StubServer, options: AdminOptions) {
        self.server = server
        self.options = options
        self.baseline = server.stubs
        self.recorder = options.recorder ?? Recorder(server: server)
        self.bodyFiles = options.root?.appendingPathComponent("__files")
    }

    /// Mounts the admin routes on `server` and returns the API.
    @discardableResult
    public static func mount(on server: StubServer, options: AdminOptions = AdminOptions()) -> AdminAPI {
        let api = AdminAPI(server: server, options: options)
        // The server keeps the API until it stops (stop() closes the door).
        server.mount(FrontDoor(prefix: options.prefix) { request, reply in
            switch api.route(request) {
            case .now(let answer): reply(answer)
            // A long poll holds no server thread: the answer comes from a task.
            case .later(let answer): Task { reply(await answer()) }
            }
        })
        return api
    }

    /// Takes the admin routes off the server.
    public func unmount() { server.mount(nil) }

    /// The answer to one admin request, given at once; a long poll's route
    /// answers as if nothing had come (the fuzz target calls this directly).
    package func answer(_ request: RecordedRequest) -> StubResponse {
        switch route(request, waiting: false) {
        case .now(let answer): answer
        case .later: AdminAnswer.error(500, "a long poll cannot answer at once")
        }
    }

    /// The path's segments after `prefix`, each percent-decoded on its own,
    /// so an id holding a `/` (`%2F`, as a stub's default id
    /// `Tests/AppTests.swift:12#9` does) stays one segment.
    static func segments(of request: RecordedRequest, after prefix: String) -> [String] {
        // By byte: a Character walk cost more than the route it found.
        let target = request.target
        let raw = target[..<(target.utf8.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex)]
        guard raw.utf8.starts(with: prefix.utf8) else {
            return request.path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        }
        return raw.utf8.dropFirst(prefix.utf8.count).split(separator: UInt8(ascii: "/")).map { bytes in
            let part = Substring(bytes)
            return part.utf8.contains(UInt8(ascii: "%")) ? part.removingPercentEncoding ?? String(part) : String(part)
        }
    }

    /// How one admin request is answered: refused (checked once), too big,
    /// or by the first route of ``routes`` that takes it, now or, for a long
    /// poll when `waiting`, later.
    func route(_ request: RecordedRequest, waiting: Bool = true) -> AdminReply {
        if let refusal = refusal(of: request) { return .now(refusal) }
        if request.body.count > options.maximumBodyBytes {
            return .now(AdminAnswer.error(413, "the body is \(request.body.count) bytes; the admin API takes at most \(options.maximumBodyBytes)"))
        }
        let call = AdminCall(request: request, route: AdminRoute(method: request.method, parts: Self.segments(of: request, after: options.prefix)))
        do {
            for endpoint in Self.routes where call.route.is(endpoint) {
                if waiting, let later = endpoint.later { return .later { await later(self, call) } }
                if let now = endpoint.now, let answer = try now(self, call) { return .now(answer) }
            }
        } catch let error as StubValidationError {
            return .now(AdminAnswer.invalid(error))
        } catch {
            return .now(AdminAnswer.error(500, "\(error)"))
        }
        return .now(AdminAnswer.notFound("no admin route \(request.method) \(options.prefix)/\(call.route.parts.joined(separator: "/"))"))
    }

    /// 401 without the token when one is set; 403 for a caller that is not
    /// on this machine when none is.
    func refusal(of request: RecordedRequest) -> StubResponse? {
        if let token = options.token {
            let sent = request.headers["Authorization"] ?? ""
            guard Self.constantTimeEqual(sent, "Bearer " + token) else {
                var answer = AdminAnswer.error(401, "the admin API wants Authorization: Bearer <admin token>")
                answer.headers.add("WWW-Authenticate", "Bearer")
                return answer
            }
            return nil
        }
        guard Self.isLoopback(request.remoteAddress) else {
            return AdminAnswer.error(403, "the admin API answers loopback callers only (start the server with an admin token to allow others)")
        }
        return nil
    }

    /// Whether `address` (`ip:port`) is this machine: 127.0.0.0/8 or ::1.
    /// Read by byte: it is asked at every admin call.
    static func isLoopback(_ address: String) -> Bool {
        let bytes = address.utf8
        let host: Substring.UTF8View
        if bytes.first == UInt8(ascii: "["), let end = bytes.firstIndex(of: UInt8(ascii: "]")) {
            host = bytes[bytes.index(after: bytes.startIndex)..<end]
        } else if let colon = bytes.lastIndex(of: UInt8(ascii: ":")), bytes.firstIndex(of: UInt8(ascii: ":")) == colon {
            host = bytes[..<colon]
        } else {
            host = bytes[...]
        }
        return host.starts(with: "127.".utf8) || host.elementsEqual("::1".utf8) || host.starts(with: "::ffff:127.".utf8)
    }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<min(x.count, y.count) { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

/// How an admin request is answered: now, or later from a task (a long poll).
enum AdminReply {
    /// The answer, given at once.
    case now(StubResponse)
    /// The answer a task will give.
    case later(@Sendable () async -> StubResponse)
}
