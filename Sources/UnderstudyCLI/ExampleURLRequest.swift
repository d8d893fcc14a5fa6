import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubSpec

extension ExampleRequest {
    /// The request for `base` (a server's root URL), as `verify` and `check` send it.
    func urlRequest(base: URL) throws -> URLRequest {
        let root = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        guard let url = URL(string: root + target) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for field in headers { request.addValue(field.value, forHTTPHeaderField: field.name) }
        request.httpBody = body.map { Data($0.utf8) }
        return request
    }
}
