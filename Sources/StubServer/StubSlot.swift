import MicroHTTP
import StubKit
import Synchronization

/// One served stub and its response in libmicrohttpd's form, built on first
/// use so that starting a server with many stubs costs no response building.
///
/// A class so that journal entries share it (one reference, not a copy of
/// the stub) and so the prepared response is built at most once.
final class StubSlot: Sendable {
    let index: Int
    let stub: Stub
    private let prepared = Atomic<Unmanaged<PreparedResponse>?>(nil)

    init(index: Int, stub: Stub) {
        self.index = index
        self.stub = stub
    }

    deinit { prepared.load(ordering: .acquiring)?.release() }

    /// The stub's response, prepared once; concurrent first calls agree on one.
    var preparedResponse: PreparedResponse {
        if let existing = prepared.load(ordering: .acquiring) { return existing.takeUnretainedValue() }
        let fresh = Unmanaged.passRetained(PreparedResponse(HTTPResponse(stub.response)))
        let (stored, winner) = prepared.compareExchange(expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
        if stored { return fresh.takeUnretainedValue() }
        fresh.release()
        return winner!.takeUnretainedValue()
    }
}
