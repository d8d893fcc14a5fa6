import Foundation
import StubKit

/// The benchmark's stub set: `count - 1` small filler stubs on their own
/// paths, and `GET /fixed` answering `body` as JSON, declared in the middle.
func benchStubs(count: Int, body: Data) -> [Stub] {
    var stubs = (0..<max(count - 1, 0)).map { index in
        Stub(.get, "/filler/\(index)", response: .json(#"{"filler":\#(index)}"#))
    }
    stubs.insert(Stub(.get, "/fixed", response: .json(body)), at: stubs.count / 2)
    return stubs
}
