/// How many requests an assertion expects: `.once`, `.never`, `.exactly(3)`,
/// `.atLeast(1)`, `.atMost(2)`, `.between(2...4)`.
public struct ExpectedCount: Sendable, Hashable, CustomStringConvertible {
    /// The accepted counts.
    public let range: ClosedRange<Int>

    /// Exactly `count` requests.
    public static func exactly(_ count: Int) -> ExpectedCount { ExpectedCount(range: count...count) }
    /// At least `count` requests.
    public static func atLeast(_ count: Int) -> ExpectedCount { ExpectedCount(range: count...Int.max) }
    /// At most `count` requests.
    public static func atMost(_ count: Int) -> ExpectedCount { ExpectedCount(range: 0...count) }
    /// A count within `range`.
    public static func between(_ range: ClosedRange<Int>) -> ExpectedCount { ExpectedCount(range: range) }
    /// Exactly one request.
    public static var once: ExpectedCount { .exactly(1) }
    /// No request at all.
    public static var never: ExpectedCount { .exactly(0) }

    /// Whether `count` is accepted.
    public func accepts(_ count: Int) -> Bool { range.contains(count) }

    /// `exactly 2 requests`, `at least 1 request`, `no requests`, `between 2 and 4 requests`.
    public var description: String {
        func requests(_ n: Int) -> String { "\(n) request\(n == 1 ? "" : "s")" }
        switch (range.lowerBound, range.upperBound) {
        case (0, 0): return "no requests"
        case let (low, high) where low == high: return "exactly \(requests(low))"
        case (let low, Int.max): return "at least \(requests(low))"
        case (0, let high): return "at most \(requests(high))"
        case let (low, high): return "between \(low) and \(requests(high))"
        }
    }
}
