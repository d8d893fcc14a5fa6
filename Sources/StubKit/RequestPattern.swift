/// The conditions a request must meet for a stub to answer it.
public struct RequestPattern: Sendable, Hashable, CustomStringConvertible {
    /// The method to match, or `nil` for any method.
    public var method: HTTPMethod?
    /// The path to match.
    public var path: PathPattern

    /// Creates a pattern.
    public init(method: HTTPMethod?, path: PathPattern) {
        self.method = method
        self.path = path
    }

    /// Whether `request` meets every condition.
    public func matches(_ request: RecordedRequest) -> Bool {
        if let method, method.rawValue != request.method { return false }
        switch path {
        case .literal(let literal): return literal == request.path
        }
    }

    /// `METHOD path`, or `* path` for any method.
    public var description: String { "\(method?.rawValue ?? "*") \(path)" }
}
