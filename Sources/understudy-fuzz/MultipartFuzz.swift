import Foundation
import StubKit

/// The multipart reader on arbitrary bytes: the first line names the content
/// type (`multipart/form-data; boundary=…`), the rest is the body. Reading
/// must give parts or `nil`, never trap or hang; every part's name, file
/// name and description must be readable, and a pattern must judge them.
enum MultipartFuzz {
    static let pattern = MultipartPattern.any(named: "file", body: [.contains("x"), .value(.matches(TextPattern("[a-z]+")))])

    static func run(_ bytes: [UInt8]) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
        let body = Data(bytes[min(newline + 1, bytes.count)...])
        let parts = MultipartBody.parts(contentType: contentType, body: body)
        for part in parts ?? [] {
            _ = part.name
            _ = part.filename
            _ = part.description
            precondition(part.body.count <= body.count, "a part larger than its body")
        }
        _ = pattern.accepts(parts)
        _ = pattern.explain(parts)
        _ = MultipartPattern.all(headers: [FieldMatcher("Content-Type", .present)]).accepts(parts)
    }
}
