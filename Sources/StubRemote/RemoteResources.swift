public import StubKit
import Foundation

extension RemoteStubServer {
    /// The items of the stateful resource at `collectionPath` (as declared,
    /// `/users/{userId}/posts` for a nested one) now, in order.
    public func resourceItems(at collectionPath: String) async throws -> [JSONValue] {
        let data = try await send("GET", "/resources?path=" + Self.queryValue(collectionPath), expecting: 200)
        guard case .object(let fields)? = JSONValue(exactly: data), case .array(let resources)? = fields["resources"],
              case .object(let resource)? = resources.first, case .array(let items)? = resource["items"] else {
            throw RemoteAdminError(method: "GET", url: adminURL("/resources"), status: 200, body: data)
        }
        return items
    }

    /// Makes `items` the items of the resource at `collectionPath`, as a
    /// seed would be, so the test prepares a UI test's data; the server's
    /// reset puts the declared seed back.
    public func setResourceItems(_ items: [JSONValue], at collectionPath: String) async throws {
        _ = try await send("PUT", "/resources?path=" + Self.queryValue(collectionPath),
                           body: Data(JSONValue.array(items).description.utf8), expecting: 200)
    }

    /// Puts the resource at `collectionPath` back to its seed; every resource when `nil`.
    public func resetResources(at collectionPath: String? = nil) async throws {
        _ = try await send("POST", "/resources/reset" + (collectionPath.map { "?path=" + Self.queryValue($0) } ?? ""), expecting: 200)
    }
}
