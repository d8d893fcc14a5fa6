public import Foundation
public import StubKit

/// The remote server refused an admin call, or could not be reached.
public struct RemoteAdminError: Error, Sendable, CustomStringConvertible {
    /// The method sent.
    public var method: String
    /// The admin URL called.
    public var url: URL
    /// The status the server answered; `nil` when it could not be reached.
    public var status: Int?
    /// What went wrong: the server's error title, or the transport's message.
    public var message: String
    /// The server's detail (a located spec problem, what arrived instead of a wait's request).
    public var detail: String?

    /// Creates the error.
    public init(method: String, url: URL, status: Int?, message: String, detail: String? = nil) {
        self.method = method
        self.url = url
        self.status = status
        self.message = message
        self.detail = detail
    }

    /// The error from an answer's JSON body (`{"errors": [{"title", "detail"}]}`).
    init(method: String, url: URL, status: Int, body: Data) {
        var titles: [String] = []
        var details: [String] = []
        if case .object(let top)? = JSONValue(data: body), case .array(let errors)? = top["errors"] {
            for case .object(let error) in errors {
                if case .string(let title)? = error["title"] { titles.append(title) }
                if case .string(let detail)? = error["detail"] { details.append(detail) }
            }
        }
        let text = String(decoding: body.prefix(2_000), as: UTF8.self)
        self.init(method: method, url: url, status: status,
                  message: titles.first ?? (text.isEmpty ? "no body" : text),
                  detail: details.isEmpty ? nil : details.joined(separator: "\n"))
    }

    /// `POST http://…/__admin/stubs answered 422: … ` and the detail lines.
    public var description: String {
        let head = "\(method) \(url.absoluteString) " + (status.map { "answered \($0): " } ?? "failed: ") + message
        return detail.map { head + "\n" + $0 } ?? head
    }
}

/// No request matching a pattern reached the remote server in time; says
/// what arrived instead, as a local server's wait does.
public struct RemoteWaitTimeout: Error, Sendable, CustomStringConvertible {
    /// Where `next(matching:)` was called.
    public var location: CodeLocation
    /// The server's account: what was awaited, for how long, and each other request.
    public var report: String

    /// Creates the error.
    public init(location: CodeLocation, report: String) {
        self.location = location
        self.report = report
    }

    /// `location: report`, as a local wait's timeout reads.
    public var description: String { "\(location): \(report)" }
}
