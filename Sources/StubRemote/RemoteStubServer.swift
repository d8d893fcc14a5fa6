public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import StubKit
import StubSpec

/// An Understudy server running in another process (`understudy serve` on
/// the host while an iOS UI test runs in the simulator, say), driven through
/// its admin API. Links Foundation and StubKit only: no server, no C library.
///
/// ```swift
/// let server = RemoteStubServer(url: URL(string: "http://127.0.0.1:8080")!)
/// try await server.reset()
/// try await server.add {
///     Get("/v1/public/characters").respond(.json(#"{"data":{"results":[]}}"#))
/// }
/// app.launchEnvironment["API_BASE_URL"] = server.url.absoluteString
/// app.launch()
/// await server.expectReceived(Get("/v1/public/characters"), .once)
/// ```
///
/// Stubs travel as spec-file JSON, each with its id and declaration site, so
/// the server's journal and near-miss reports point at the test's own lines.
/// A stub that cannot travel (a Swift closure makes its response) is refused
/// at the call with `StubNotPortable`, naming where it was declared.
public struct RemoteStubServer: Sendable {
    /// The server's base URL, `http://127.0.0.1:8080`.
    public let url: URL
    /// Where the admin API is mounted.
    public let adminPrefix: String
    /// The admin token, sent as `Authorization: Bearer …` (needed when the
    /// server was started with `--admin-token`).
    public let token: String?
    /// The session requests go through.
    public let session: URLSession
    /// The stubs added through this handle, shared by its copies.
    private let ledger = AddedStubs()

    /// The stubs added through this handle (or a copy of it) and still
    /// served, in the order added: what `expectAllStubsUsed()` checks. A
    /// ``reset()`` empties it; the server's own stubs are not in it.
    public var addedStubs: [Stub] { ledger.stubs }

    /// A handle on the server at `url`; nothing is sent until a call.
    public init(url: URL, token: String? = nil, adminPrefix: String = "/__admin", session: URLSession = .shared) {
        self.url = url
        self.token = token
        self.adminPrefix = adminPrefix.hasSuffix("/") ? String(adminPrefix.dropLast()) : adminPrefix
        self.session = session
    }

    /// The URL of `path` on the server (for the client under test).
    public func url(_ path: String) -> URL {
        URL(string: url.absoluteString.trimmingSuffix("/") + (path.hasPrefix("/") ? path : "/" + path)) ?? url
    }

    // MARK: Stubs

    /// Adds `stubs` before the server's own (a stub with an id the server
    /// already has replaces it there) and returns their ids.
    ///
    /// - Throws: `StubNotPortable` before sending anything when a stub
    ///   cannot travel; ``RemoteAdminError`` when the server refuses them.
    @discardableResult
    public func add(_ stubs: [Stub]) async throws -> [StubID] {
        let document = try SpecWriter.document(stubs)
        let answer = try await send("POST", "/stubs", body: Data(document.utf8), expecting: 201)
        ledger.add(stubs)
        guard case .object(let fields)? = JSONValue(data: answer), case .array(let ids)? = fields["ids"] else { return [] }
        return ids.compactMap { if case .string(let id) = $0 { StubID(id) } else { nil } }
    }

    /// Adds the stubs `content` declares; see `add(_:)` with a `Stub`.
    @discardableResult
    public func add(@StubBuilder _ content: () -> [Stub]) async throws -> [StubID] {
        try await add(content())
    }

    /// Puts `stub` in place of the server's stub with the same id.
    ///
    /// - Throws: `StubNotPortable`; ``RemoteAdminError`` (404) when the server has no such stub.
    public func replace(_ stub: Stub) async throws {
        let document = try SpecWriter.document([stub])
        _ = try await send("PUT", "/stubs/" + Self.segment(stub.id.rawValue), body: Data(document.utf8), expecting: 200)
        ledger.replace(stub)
    }

    /// Removes the stub `id`.
    public func remove(_ id: StubID) async throws {
        _ = try await send("DELETE", "/stubs/" + Self.segment(id.rawValue), expecting: 200)
        ledger.remove(id)
    }

    /// Puts the server back as it started: its own stubs only, an empty
    /// journal, every scenario at `Started`, every resource at its seed.
    public func reset() async throws {
        _ = try await send("POST", "/reset", expecting: 200)
        ledger.removeAll()
    }

    /// Forgets every journal entry (sequence numbers go on).
    public func resetJournal() async throws {
        _ = try await send("DELETE", "/requests", expecting: 200)
    }

    // MARK: Journal

    /// The server's journal: what arrived, what each request matched, and
    /// each unmatched request's near-miss report; entries after `sequence` only when given.
    public func journal(after sequence: Int? = nil) async throws -> JournalSnapshot {
        let query = sequence.map { "?after=\($0)" } ?? ""
        let data = try await send("GET", "/journal" + query, expecting: 200)
        do {
            return try JSONDecoder().decode(JournalSnapshot.self, from: data)
        } catch {
            throw RemoteAdminError(method: "GET", url: adminURL("/journal"), status: 200, message: "the journal could not be read: \(error)")
        }
    }

    /// Waits on the server for the next request matching `pattern` that no
    /// earlier wait was handed (the oldest already there, or the first to
    /// arrive within `timeout`), like a local server's `next(matching:timeout:)`.
    ///
    /// - Throws: ``RemoteWaitTimeout`` listing what arrived instead, at the
    ///   caller's line; `StubNotPortable` for a pattern with a predicate.
    public func next(
        matching pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> RecordedRequest {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try await longPoll("/requests/wait", matching: pattern.requestPattern, timeout: timeout, at: location).request
    }

    /// A long poll of the admin `route` for the journal entry of the next
    /// request matching `pattern`, waiting up to `timeout` on the server.
    ///
    /// - Throws: ``RemoteWaitTimeout`` with the server's report when nothing came, at `location`.
    func longPoll(_ route: String, matching pattern: RequestPattern, timeout: Duration, at location: CodeLocation) async throws -> JournalEntry {
        let block = try SpecWriter.request(pattern, at: location)
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let query = "?matching=" + Self.queryValue(block) + "&timeout=\(milliseconds)ms"
        do {
            let data = try await send("GET", route + query, expecting: 200, timeout: Double(milliseconds) / 1000 + 30)
            return try JSONDecoder().decode(JournalEntry.self, from: data)
        } catch let error as RemoteAdminError where error.status == 408 {
            throw RemoteWaitTimeout(location: location, report: error.detail ?? error.message)
        }
    }

    // MARK: Transport

    func adminURL(_ route: String) -> URL {
        URL(string: url.absoluteString.trimmingSuffix("/") + adminPrefix + route) ?? url
    }

    /// Sends one admin request and returns the body of an answer with `expecting` status.
    package func send(_ method: String, _ route: String, body: Data? = nil, expecting: Int, timeout: TimeInterval = 60) async throws -> Data {
        var request = URLRequest(url: adminURL(route), timeoutInterval: timeout)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw RemoteAdminError(method: method, url: adminURL(route), status: nil, message: "\(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == expecting else { throw RemoteAdminError(method: method, url: adminURL(route), status: status, body: data) }
        return data
    }

    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }

    static func queryValue(_ text: String) -> String { segment(text) }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
