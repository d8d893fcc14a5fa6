public import StubKit
public import Foundation

/// An HTTP Archive (HAR 1.2): the exchanges browsers, Proxyman, Charles and
/// mitmproxy save, read into ``RecordedExchange``s for the recorder
/// (`understudy import har`), and a journal written as one (`GET
/// /__admin/journal?format=har`).
///
/// Reading is lenient where real emitters differ: a byte order mark, headers
/// as `{name, value}` or `[name, value]`, `null` where a string belongs, a
/// body in `text` with or without `encoding: base64`, a decoded body beside
/// its `Content-Encoding`, HTTP/2 pseudo-headers, and every `_custom` field
/// are all accepted. What cannot be read is refused with the file, line and
/// JSON pointer.
public struct HARArchive: Sendable {
    /// One request and its response.
    public struct Entry: Sendable {
        /// When the request started.
        public var started: Date
        /// How long the exchange took, in milliseconds.
        public var milliseconds: Double
        /// The request, with the URL's path and query as its target and the
        /// URL's host as `Host` when the request names none.
        public var request: RecordedRequest
        /// The request's absolute URL as the archive gives it.
        public var url: String
        /// The response, its body decoded (as HAR keeps it).
        public var response: StubResponse
        /// The response's reason phrase.
        public var statusText: String
        /// Whether ``response`` holds the body that was sent (a journal keeps
        /// only the status unless told to keep answers).
        public var bodyKept = true

        /// An entry.
        public init(started: Date, milliseconds: Double, request: RecordedRequest, url: String, response: StubResponse, statusText: String = "") {
            self.started = started
            self.milliseconds = milliseconds
            self.request = request
            self.url = url
            self.response = response
            self.statusText = statusText
        }
    }

    /// The tool that wrote the archive (`log.creator`).
    public var creator: (name: String, version: String)
    /// The entries, in the archive's order.
    public var entries: [Entry]
    /// Entries left out while reading, each with why (a request that got no
    /// response, status 0), for the reader to report.
    public var skipped: [StubProblem]

    /// An archive of `entries` written by `creator`.
    public init(creator: (name: String, version: String) = ("Understudy", "0.3"), entries: [Entry], skipped: [StubProblem] = []) {
        self.creator = creator
        self.entries = entries
        self.skipped = skipped
    }

    /// The entries as exchanges for ``SessionRecorder``.
    public var exchanges: [RecordedExchange] { entries.map { RecordedExchange(request: $0.request, response: $0.response) } }

    /// Reads the archive in `data`; `file` is how problems name it.
    ///
    /// - Throws: every problem found, each with file, line, column and JSON pointer.
    public static func read(_ data: Data, file: String) throws(StubValidationError) -> HARArchive {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let document: LocatedJSON
        do {
            document = try LocatedJSON(Data(bytes))
        } catch {
            throw StubValidationError(problems: [StubProblem(file: file, line: error.line, column: error.column, key: "",
                                                             message: "not valid JSON: \(error.message)")])
        }
        var reading = HARReading(document: document, file: file)
        let archive = reading.archive()
        guard reading.problems.isEmpty, let archive else { throw StubValidationError(problems: reading.problems) }
        return archive
    }

    /// Whether `data` looks like an archive: a JSON object whose `log` has `entries`.
    public static func looksLikeHAR(_ data: Data) -> Bool {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard case .object(let top)? = JSONValue(data: Data(bytes)), case .object(let log)? = top["log"] else { return false }
        return log["entries"] != nil
    }
}
