import Foundation
import MicroHTTP
import StubKit
import Synchronization

/// One served stub with its running state: how often it answered (for
/// `times` and sequences) and its fixed response in libmicrohttpd's form,
/// built on first use. A class so journal entries share it and so its counters
/// survive changes to the rest of the stub list.
final class StubSlot: Sendable {
    let stub: Stub
    /// The recipe with fixture files already read.
    let recipe: ResponseRecipe
    private let answered = Atomic<Int>(0)
    private let prepared = Atomic<Unmanaged<PreparedResponse>?>(nil)

    init(stub: Stub, recipe: ResponseRecipe) {
        self.stub = stub
        self.recipe = recipe
    }

    deinit { prepared.load(ordering: .acquiring)?.release() }

    /// Counts one answer if the `times` limit allows it, and returns the
    /// 0-based number of this answer; `nil` when the stub is used up.
    func claim() -> Int? {
        guard let limit = stub.times else { return answered.add(1, ordering: .relaxed).oldValue }
        var current = answered.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = answered.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return current }
            current = original
        }
        return nil
    }

    /// Whether the `times` limit is reached.
    var isUsedUp: Bool { stub.times.map { answered.load(ordering: .relaxed) >= $0 } ?? false }

    /// How many requests the stub answered.
    var answerCount: Int { answered.load(ordering: .relaxed) }

    /// The response of a fixed recipe, prepared once; concurrent first calls agree on one.
    func prepared(_ response: StubResponse) -> PreparedResponse {
        if let existing = prepared.load(ordering: .acquiring) { return existing.takeUnretainedValue() }
        let fresh = Unmanaged.passRetained(PreparedResponse(HTTPResponse(response, extraHeaders: stub.responseHeaders)))
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
