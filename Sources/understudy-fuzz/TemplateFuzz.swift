import Foundation
import StubKit

/// The response-template parser and renderer on arbitrary text. Parsing must
/// either succeed or throw a ``TemplateSyntaxError`` inside the input; a
/// template that parses must render for a request (or fail with a
/// ``TemplateRenderError``) without trapping or hanging.
enum TemplateFuzz {
    static let request = RecordedRequest(
        method: "POST", target: "/t/a%20b/c?x=1&x=2&flag",
        headers: ["Host": "127.0.0.1:8080", "X-Trace": "t1", "Cookie": "sid=s1; c=1"],
        body: Data(#"{"id":7,"name":"Ann","tags":["a","b"],"items":[{"id":1},{"id":2}]}"#.utf8))

    static func run(_ bytes: [UInt8]) {
        let source = String(decoding: bytes, as: UTF8.self)
        do {
            let template = try ResponseTemplate(source)
            var environment = TemplateEnvironment(now: Date(timeIntervalSince1970: 1_700_000_000), seed: 1, hostname: "fuzz",
                                                  environmentVariables: [:])
            _ = try? template.render(for: request, parameters: ["p": 1], environment: &environment)
        } catch {
            let lines = source.count { $0 == "\n" } + 1
            precondition(error.line >= 1 && error.line <= lines && error.column >= 1, "a template error outside the input: \(error)")
        }
    }
}
