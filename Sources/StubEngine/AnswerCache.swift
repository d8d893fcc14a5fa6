import Locking
import HTTPWire
import StubKit

/// The answers a reusing stub (``AnswerReuse``) has built, by key, each
/// prepared so that sending it again copies nothing: the
/// Marvel fake builds a page once per normalised query. Bounded by bytes;
/// when full it starts afresh (answers are rebuilt, never wrong).
final class AnswerCache: Sendable {
    /// The most body bytes kept per stub.
    static let capacity = 32 << 20

    let reuse: AnswerReuse
    private let stored = Locked<(answers: [String: PreparedAnswer], bytes: Int)>(([:], 0))

    init(_ reuse: AnswerReuse) { self.reuse = reuse }

    /// The answer built before for `key`, if any.
    func answer(for key: String) -> PreparedAnswer? {
        stored.withLock { $0.answers[key] }
    }

    /// Keeps `response` (built for `key`) and returns it ready to send.
    func keep(_ response: HTTPResponse, for key: String) -> PreparedAnswer {
        let prepared = PreparedAnswer(response)
        stored.withLock { stored in
            if stored.bytes + response.body.count > Self.capacity { stored = ([:], 0) }
            stored.answers[key] = prepared
            stored.bytes += response.body.count
        }
        return prepared
    }
}
