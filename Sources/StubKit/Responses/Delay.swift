/// When and how a stub's response is sent. Delays never hold a server thread:
/// the connection is suspended and resumed by a timer.
public enum Delay: Sendable, Hashable, CustomStringConvertible {
    /// Send the whole response after this long.
    case fixed(Duration)
    /// Send the whole response after a duration drawn uniformly from the range,
    /// using the server's random generator (seed it for repeatable runs).
    case random(ClosedRange<Duration>)
    /// Send the headers at once and the body in `chunks` equal pieces spread
    /// evenly over `duration`.
    case dribble(chunks: Int, over: Duration)
    /// A random delay from a log-normal distribution with this median and
    /// shape (`sigma`), as network latency tends to be; drawn from the
    /// server's seeded generator, so a fixed seed repeats the delays.
    case logNormal(median: Duration, sigma: Double)
    /// The answer crosses a network link (``NetworkConditions``): the
    /// headers after its latency, the body paced at its bandwidth.
    case network(NetworkConditions)

    /// In words.
    public var description: String {
        switch self {
        case .fixed(let duration): return "delay \(duration)"
        case .random(let range): return "delay \(range.lowerBound)...\(range.upperBound)"
        case .dribble(let chunks, let duration): return "body in \(chunks) chunks over \(duration)"
        case .logNormal(let median, let sigma): return "delay log-normal (median \(median), sigma \(sigma))"
        case .network(let conditions): return "network \(conditions)"
        }
    }
}
