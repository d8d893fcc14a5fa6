import Foundation
import MicroHTTP
import StubKit
import Synchronization

/// One served stub and its running state: how often it answered (for
/// `times` and sequences), its recipe once fixtures are read, and its fixed
/// response in libmicrohttpd's form, built on first use. A class so that a
/// request reaches the stub through one reference instead of copying it.
final class StubSlot: Sendable {
    /// The stub.
    let stub: Stub
    /// The recipe with fixture files read, when that changed it.
    let resolvedRecipe: ResponseRecipe?
    /// The `times` limit, copied out of the stub for the hot path.
    let limit: Int?
    private let answered = Atomic<Int>(0)
    private let prepared = Atomic<Unmanaged<PreparedResponse>?>(nil)

    /// A slot that has already answered `answered` requests (carried over
    /// when a running server's stub list changes).
    init(stub: Stub, resolvedRecipe: ResponseRecipe?, answered: Int = 0) {
        self.stub = stub
        self.limit = stub.times
        self.resolvedRecipe = resolvedRecipe
        self.answered.store(answered, ordering: .relaxed)
    }

    deinit { prepared.load(ordering: .acquiring)?.release() }

    /// Counts one answer if the `times` limit allows it, and returns the
    /// 0-based number of this answer; `nil` when the stub is used up.
    func claim() -> Int? {
        guard let limit else { return answered.add(1, ordering: .relaxed).oldValue }
        var current = answered.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = answered.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return current }
            current = original
        }
        return nil
    }

    /// Whether the `times` limit is reached.
    var isUsedUp: Bool { limit.map { answered.load(ordering: .relaxed) >= $0 } ?? false }

    /// How many requests the stub answered.
    var answerCount: Int { answered.load(ordering: .relaxed) }

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
