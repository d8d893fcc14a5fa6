import StubKit
import Foundation

/// The answers of a recording as they are written: volatile headers
/// dropped, placeholders put in, large or binary bodies as fixture files.
package struct RecordedResponses {
    let rules: RecordingRules
    let secrets: RecordingSecrets
    /// The fixture files made so far, paths relative to the spec's folder.
    private(set) var fixtures: [Recording.File] = []

    init(rules: RecordingRules, secrets: RecordingSecrets) {
        self.rules = rules
        self.secrets = secrets
    }

    /// `response` without the headers that describe one answer, with
    /// placeholders in its header values and text body, and dropped
    /// credentials it echoes masked.
    func cleaned(_ response: StubResponse) -> StubResponse {
        var cleaned = response
        // Sorted by name: an HTTP client hands headers over in no fixed order, and a recording should not churn.
        cleaned.headers = HTTPHeaders(pairs: response.headers.pairs.compactMap { pair in
            rules.droppedResponseHeaders.contains(pair.name.lowercased()) ? nil : (pair.name, secrets.masked(secrets.hidden(pair.value)))
        }.sorted { $0.0.lowercased() < $1.0.lowercased() })
        if let text = String(data: response.body, encoding: .utf8) { cleaned.body = Data(secrets.masked(secrets.hidden(text)).utf8) }
        return cleaned
    }

    /// The recipe that answers `response`: inline when small, else a fixture
    /// `fixtures/<name>[-step].<ext>` (placeholders in fixture text are
    /// restored too); JSON pretty-printed with sorted keys.
    mutating func recipe(_ response: StubResponse, name: String, step: Int?) -> ResponseRecipe {
        guard !response.body.isEmpty else { return .fixed(response) }
        let contentType = response.headers["Content-Type"] ?? ""
        if contentType.lowercased().hasPrefix("text/event-stream") {
            // An event stream replays as its events, one piece each, byte for byte.
            var streamed = response
            streamed.stream = ResponseStream(pieces: Self.events(in: Array(response.body)).map { ResponseStream.Piece(bytes: $0) })
            streamed.body = Data()
            return .fixed(streamed)
        }
        let text = String(data: response.body, encoding: .utf8)
        let inline = response.body.count <= rules.inlineBodyLimit
        if JSONText.isJSONMediaType(contentType), let value = JSONValue(exactly: response.body) {
            return inline ? .fixed(response) : fixture(Data(WrittenJSON.value(value).text.utf8), response, name, step, "json")
        }
        if text != nil {
            // Text that is not JSON the spec reader can read never gets a `.json` name (the reader refuses one).
            let ext = BodyFileName.fileExtension(contentType, text: true)
            return inline ? .fixed(response) : fixture(response.body, response, name, step, ext == "json" ? "txt" : ext)
        }
        return fixture(response.body, response, name, step, BodyFileName.fileExtension(contentType, text: false))
    }

    /// `body` cut after each blank line (LF, CRLF or CR line ends): one
    /// event per piece, as a `text/event-stream` dispatches them; bytes after
    /// the last blank line are the last piece. Blank lines before an event's
    /// first field belong to it.
    package static func events(in body: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        var lineStart = 0
        var index = 0
        var hasField = false
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                hasField = true
                index += 1
                continue
            }
            let end = byte == UInt8(ascii: "\r") && index + 1 < body.count && body[index + 1] == UInt8(ascii: "\n") ? index + 2 : index + 1
            if index == lineStart, hasField {
                pieces.append(Array(body[start..<end]))
                start = end
                hasField = false
            }
            index = end
            lineStart = end
        }
        if start < body.count { pieces.append(Array(body[start...])) }
        return pieces
    }

    private mutating func fixture(_ data: Data, _ response: StubResponse, _ name: String, _ step: Int?, _ ext: String) -> ResponseRecipe {
        let path = "fixtures/\(name)\(step.map { "-\($0)" } ?? "").\(ext)"
        fixtures.append(Recording.File(path: path, data: data))
        return .fixture(path: path, status: response.status, headers: response.headers)
    }

    /// Whether two answers are the same to a client: status, headers (in any
    /// order) and body, JSON compared by value (an encoder's key order varies).
    static func sameAnswer(_ first: StubResponse, _ second: StubResponse) -> Bool {
        guard first.status == second.status,
              first.headers.pairs.map({ "\($0.name.lowercased()):\($0.value)" }).sorted()
                == second.headers.pairs.map({ "\($0.name.lowercased()):\($0.value)" }).sorted()
        else { return false }
        if first.body == second.body { return true }
        guard let one = JSONValue(exactly: first.body), let other = JSONValue(exactly: second.body) else { return false }
        return one == other
    }
}
