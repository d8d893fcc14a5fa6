import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIStubs
import StubServer

/// The document the client was generated from, read as Understudy reads it.
enum Bookshelf {
    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("openapi.yaml")

    static let document: OpenAPIDocument = {
        do { return try OpenAPIDocument(contentsOf: documentURL) } catch { fatalError("\(error)") }
    }()

    /// The server URL rule: the stand-in's base URL plus the document's base
    /// path (`/api/v2`), no trailing slash.
    static func serverURL(_ server: StubServer) -> URL {
        server.baseURL.appendingPathComponent("api/v2")
    }
}

/// Sends `Prefer: code=404` or `Prefer: example=empty` with every request, so
/// a served document answers with that response or example.
struct Prefer: ClientMiddleware {
    let value: String

    init(_ value: String) { self.value = value }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[HTTPField.Name("Prefer")!] = value
        return try await next(request, body, baseURL)
    }
}
