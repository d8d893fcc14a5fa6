import Foundation
import MicroHTTP
import StubKit
import Synchronization

/// One prepared stub: the stub, its recipe once fixtures are read, and its
/// fixed response in libmicrohttpd's form, built on first use. Shared by every
/// server started from the same ``StubSet``; the servers' answer counts live
/// in ``AnswerCounts``. A class so that a request reaches the stub through
/// one reference instead of copying it.
final class StubSlot: Sendable {
    /// The stub.
    let stub: Stub
    /// The recipe with fixture files read, when that changed it.
    let resolvedRecipe: ResponseRecipe?
    /// The `times` limit, copied out of the stub for the hot path.
    let limit: Int?
    /// Whether answers must be counted: a `times` limit or a sequence needs
    /// the count; every other stub answers without taking the counts' lock.
    let counted: Bool
    private let prepared = Atomic<Unmanaged<PreparedResponse>?>(nil)

    init(stub: Stub, resolvedRecipe: ResponseRecipe?) {
        self.stub = stub
        self.limit = stub.times
        self.resolvedRecipe = resolvedRecipe
        if case .sequence = resolvedRecipe ?? stub.response { self.counted = true } else { self.counted = stub.times != nil }
    }

    deinit { prepared.load(ordering: .acquiring)?.release() }

    /// The response of a fixed recipe, prepared once; concurrent first calls agree on one.
    func prepared(_ response: StubResponse, extraHeaders: HTTPHeaders) -> PreparedResponse {
        if let existing = prepared.load(ordering: .acquiring) { return existing.takeUnretainedValue() }
        let fresh = Unmanaged.passRetained(PreparedResponse(HTTPResponse(response, extraHeaders: extraHeaders)))
        let (stored, winner) = prepared.compareExchange(expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
        if stored { return fresh.takeUnretainedValue() }
        fresh.release()
        return winner!.takeUnretainedValue()
    }
}

extension HTTPResponse {
    /// The wire form of a stub's response, with extra headers appended.
    init(_ response: StubResponse, extraHeaders: HTTPHeaders = [:]) {
        self.init(status: response.status, headers: response.headers.pairs + extraHeaders.pairs, body: Array(response.body))
    }
}
