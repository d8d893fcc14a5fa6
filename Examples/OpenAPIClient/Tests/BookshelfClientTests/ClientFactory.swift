import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import BookshelfClient

extension Client {
    /// A Bookshelf client on URLSession.
    ///
    /// `serverURL` is the document's server URL: scheme, host, port **and the
    /// base path, with no trailing slash** (`https://books.example.com/api/v2`,
    /// or a stand-in's `baseURL` plus `/api/v2`). The transport appends each
    /// operation's path (`/books`) to it, so a trailing slash would send
    /// `/api/v2//books`, and a URL without the base path `/books`.
    static func bookshelf(at serverURL: URL, middlewares: [any ClientMiddleware] = []) -> Client {
        Client(serverURL: serverURL, transport: URLSessionTransport(), middlewares: middlewares)
    }
}
