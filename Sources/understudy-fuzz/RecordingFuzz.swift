import Foundation
import StubKit
import StubRecording
import StubServer
import StubSpec

/// The recorder on made-up exchanges: credentials, placeholder-named fields,
/// awkward paths, query strings and bodies chosen by the input. Every
/// recording must write a spec that loads (placeholders set), must not hold a
/// secret the scan then misses in its raw form, and its replay stubs must
/// answer every request that was recorded.
enum RecordingFuzz {
    static let names = ["apikey", "ts", "hash", "token", "q", "limit", "a b", "ü", "", "password", "x-api-key", "access_token"]
    static let values = ["1", "abcdef123456", "s3cr3t/+=", "", "%", "${X}", "true", "null", "0123456789abcdef0123456789abcdef", "ü", " "]
    static let paths = ["/", "/v1/public/comics", "/a%20b", "/{id}", "/x/", "//y", "/ü", "/a?b"]
    static let bodies = ["", #"{"password":"hunter2hunter2","n":1}"#, #"{"access_token":"abcdef123456"}"#, "a=1&token=abcdef123456",
                         "[1,2.5,1e400]", "12345678901234567890", "\u{0}\u{1}binary", #"{"echo":"s3cr3t/+="}"#]
    static let types = ["application/json", "text/plain", "image/png", "application/x-www-form-urlencoded", ""]

    static func run(_ input: [UInt8]) {
        _ = SpecFuzz.plugins // Marvel's signing preset and spec keywords, as the command line has them
        var bytes = FuzzBytes(input)
        let exchanges = bytes.list(most: 6) { bytes -> RecordedExchange in
            let query = bytes.list(most: 4) { bytes in "\(bytes.pick(names))=\(bytes.pick(values))" }.joined(separator: "&")
            let target = bytes.pick(paths) + (query.isEmpty ? "" : "?" + query)
            var headers = HTTPHeaders()
            for _ in 0..<(bytes.byte() % 3) {
                headers.add(bytes.pick(["Authorization", "Cookie", "X-API-Key", "Accept"]), bytes.pick(["Bearer abcdef123456", "k=v; s=abcdef123456"] + values))
            }
            let type = bytes.pick(types)
            if !type.isEmpty { headers.add("Content-Type", type) }
            let request = RecordedRequest(method: bytes.pick(["GET", "POST", "HEAD"]), target: target, headers: headers,
                                          body: Data(bytes.pick(bodies).utf8))
            var answerHeaders: HTTPHeaders = ["Content-Type": bytes.pick(types)]
            if bytes.byte() % 2 == 0 { answerHeaders.add("Set-Cookie", "session=abcdef123456; Path=/") }
            let big = bytes.byte() % 4 == 0 ? String(repeating: "x", count: 70) : ""
            let answer = StubResponse(status: bytes.pick([200, 201, 204, 404, 502]), headers: answerHeaders,
                                      body: Data((bytes.pick(bodies) + big).utf8))
            return RecordedExchange(request: request, response: answer)
        }
        var rules = RecordingRules()
        rules.inlineBodyLimit = 64
        rules.repeatsAsSequence = bytes.byte() % 2 == 0
        let recording = SessionRecorder.record(exchanges, rules: rules, source: "fuzz")
        let files: [Recording.File]
        do {
            files = try recording.files(specName: "fuzz.yaml")
        } catch {
            preconditionFailure("a recording could not be written: \(error)")
        }
        let folder = SpecFuzz.folder.appendingPathComponent("recording-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files.dropFirst() {
            let url = folder.appendingPathComponent(file.path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? file.data.write(to: url)
        }
        // Distinct values: two placeholders for two different keys must not restore to one value.
        let environment = Dictionary(uniqueKeysWithValues: recording.placeholders.keys.map { ($0, "restored-\($0)") })
        do {
            _ = try StubSpec.parse(String(decoding: files[0].data, as: UTF8.self), name: "fuzz.yaml", directory: folder, environment: environment)
        } catch {
            preconditionFailure("a written recording does not load: \(error)\n\(String(decoding: files[0].data, as: UTF8.self))")
        }
        _ = SecretScan.findings(in: files, secrets: recording.secrets).map(\.description)
        // Every recorded request (Marvel-unsigned ones and upstream failures aside) meets its own stub again.
        for exchange in exchanges where exchange.response.headers[ProxyTarget.failureHeader] == nil {
            let answered = recording.replayStubs.contains { $0.request.match(exchange.request) != nil }
            let leftOut = recording.signing.map { !$0.isSigned(exchange.request) } ?? false
            precondition(answered || leftOut, "the replay does not answer \(exchange.request.method) \(exchange.request.target)")
        }
    }
}
