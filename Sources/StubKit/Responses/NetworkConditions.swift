/// A network link an answer crosses: its latency before the first byte, and
/// its bandwidth for the body. For loading states, timeouts and progress on
/// a link like the ones users have, without a network conditioner on the
/// machine. Built on the server's paced bodies: no thread waits.
///
/// ```swift
/// Get("/feed").respond(.json(feed)).delay(.network(.slow3G))
/// ```
///
/// The presets follow the throttling profiles browsers' developer tools
/// use (Chrome's Slow 3G, Fast 3G and Fast 4G: latency and download rate),
/// plus a 2G EDGE link and a slow Wi-Fi one. What is throttled is the
/// answer: the request's upload, a proxied answer and a stream keep their
/// own pace (a stream is delayed by the latency only).
public struct NetworkConditions: Sendable, Hashable, CustomStringConvertible {
    /// The time before the answer's first byte.
    public var latency: Duration
    /// The body's rate in bytes a second; `nil` for no limit.
    public var bytesPerSecond: Int?

    /// A link with `latency` and, when given, `bytesPerSecond`.
    public init(latency: Duration, bytesPerSecond: Int? = nil) {
        self.latency = latency
        self.bytesPerSecond = bytesPerSecond
    }

    /// A 2G EDGE link: 240 kbit/s, 400 ms before the first byte.
    public static let edge = NetworkConditions(latency: .milliseconds(400), bytesPerSecond: 30_000)
    /// Chrome's "Slow 3G": 400 kbit/s (500 × 0.8), 2 s before the first byte.
    public static let slow3G = NetworkConditions(latency: .seconds(2), bytesPerSecond: 50_000)
    /// Chrome's "Fast 3G" (its "Slow 4G" too): 1.44 Mbit/s (1.6 × 0.9), 562.5 ms before the first byte.
    public static let fast3G = NetworkConditions(latency: .microseconds(562_500), bytesPerSecond: 180_000)
    /// Chrome's "Fast 4G": 8.1 Mbit/s (9 × 0.9), 165 ms before the first byte.
    public static let fast4G = NetworkConditions(latency: .milliseconds(165), bytesPerSecond: 1_012_500)
    /// A crowded Wi-Fi network: 2 Mbit/s, 40 ms before the first byte.
    public static let slowWiFi = NetworkConditions(latency: .milliseconds(40), bytesPerSecond: 250_000)

    /// The presets by the names spec files and the command line use.
    public static let presets: [(name: String, conditions: NetworkConditions)] = [
        ("edge", .edge), ("slow-3g", .slow3G), ("fast-3g", .fast3G), ("fast-4g", .fast4G), ("slow-wifi", .slowWiFi),
    ]

    /// The preset named `name` (`edge`, `slow-3g`, `fast-3g`, `fast-4g`, `slow-wifi`), if any.
    public static func preset(named name: String) -> NetworkConditions? {
        presets.first { $0.name == name.lowercased() }?.conditions
    }

    /// The preset's name when it is one, else `latency 120 ms, 50000 B/s`.
    public var description: String {
        if let name = Self.presets.first(where: { $0.conditions == self })?.name { return name }
        return "latency \(latency)" + (bytesPerSecond.map { ", \($0) B/s" } ?? "")
    }

    /// How long a body of `bytes` takes at ``bytesPerSecond`` (none without a limit).
    public func transfer(of bytes: Int) -> Duration {
        guard let bytesPerSecond, bytesPerSecond > 0, bytes > 0 else { return .zero }
        return .nanoseconds(Int64((Double(bytes) / Double(bytesPerSecond) * 1e9).rounded(.up)))
    }

    /// The pieces a body of `bytes` goes out in: about one every 50 ms at
    /// ``bytesPerSecond``, at most one per byte and 2,000 in all.
    public func pieces(for bytes: Int) -> Int {
        guard let bytesPerSecond, bytesPerSecond > 0, bytes > 0 else { return 1 }
        let perPiece = max(1, bytesPerSecond / 20)
        return max(1, min(bytes, 2_000, (bytes + perPiece - 1) / perPiece))
    }
}
