import Foundation
import StubKit

/// The benchmark's stub set: `count - 1` filler stubs, half on literal paths
/// and half on templates with their own prefixes (so both indexes are
/// exercised), and `GET /fixed` answering `body` as JSON, declared in the middle.
func benchStubs(count: Int, body: Data) -> [Stub] {
    var stubs = (0..<max(count - 1, 0)).map { index in
        index.isMultiple(of: 2)
            ? Get("/filler/\(index)").respond(.json(#"{"filler":\#(index)}"#))
            : Get("/resource-\(index)/{id:int}").respond(.json(#"{"resource":\#(index)}"#))
    }
    stubs.insert(Get("/fixed").respond(.json(body)), at: stubs.count / 2)
    return stubs
}
