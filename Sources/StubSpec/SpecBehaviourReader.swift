import Foundation
import StubKit
import DocumentReader

/// What a spec stub does besides matching and answering: its guard, delay,
/// fault and scenario step, where it was declared, and how `verify` treats it.
extension SpecStubReader {
    /// `bearer: token`, `apiKey: { header, value }` (or `{ query, value }`),
    /// or a plug-in's guard keyword (`marvel: { publicKey, privateKey }`),
    /// with the credentials an example needs to pass it.
    mutating func guardValue(_ node: DocumentNode) -> (AuthRule, ExampleCredentials)? {
        let kinds = plugins.flatMap { $0.guards.map(\.keyword) }.filter { !["bearer", "apiKey"].contains($0) } + ["bearer", "apiKey"]
        guard !node.isScalar, let fields = reading.members(node, allowed: kinds),
              let (kind, operand) = fields.single
        else {
            reading.fail(node, "a guard is one of \(kinds.joined(separator: ", ")) (or none, on a stub, to lift the spec's guard)")
            return nil
        }
        switch kind {
        case "bearer":
            return reading.string(operand).map { (.bearer($0), .bearer($0)) }
        case "apiKey":
            if let parts = reading.members(operand, allowed: ["header", "query", "value"]), parts["query"] != nil {
                guard parts["header"] == nil, let name = parts["query"].flatMap({ reading.string($0) }),
                      let value = parts["value"].flatMap({ reading.string($0) })
                else {
                    reading.fail(operand, "apiKey needs header (or query) and value")
                    return nil
                }
                return (.apiKey(query: name, value: value), .apiKeyQuery(name: name, value: value))
            }
            return twoStrings(operand, "header", "value", for: kind).map { parts in
                (.apiKey(header: parts.0, value: parts.1), .apiKey(header: parts.0, value: parts.1))
            }
        default:
            guard let plugin = plugins.lazy.flatMap(\.guards).first(where: { $0.keyword == kind }),
                  let (rule, value) = pluginRead(operand, plugin.read) else { return nil }
            return (rule, .named(keyword: kind, value: value))
        }
    }

    /// The two string members `first` and `second` of `node`, both required.
    private mutating func twoStrings(_ node: DocumentNode, _ first: String, _ second: String, for kind: String) -> (String, String)? {
        guard let parts = reading.members(node, allowed: [first, second]),
              let one = parts[first].flatMap({ reading.string($0) }),
              let two = parts[second].flatMap({ reading.string($0) })
        else {
            reading.fail(node, "\(kind) needs \(first) and \(second)")
            return nil
        }
        return (one, two)
    }

    /// A preset's name (`edge`, `slow-3g`, `fast-3g`, `fast-4g`, `slow-wifi`)
    /// or `{ latency: 300ms, bytesPerSecond: 50000 }`.
    mutating func networkConditions(_ node: DocumentNode) -> NetworkConditions? {
        if node.isScalar {
            guard let name = reading.string(node) else { return nil }
            guard let preset = NetworkConditions.preset(named: name) else {
                reading.fail(node, "no network preset \"\(name)\"; the presets are \(NetworkConditions.presets.map(\.name).joined(separator: ", ")), "
                             + "or give { latency, bytesPerSecond }")
                return nil
            }
            return preset
        }
        guard let fields = reading.members(node, allowed: ["latency", "bytesPerSecond"]) else { return nil }
        guard let latencyNode = fields["latency"], let latency = reading.duration(latencyNode) else {
            if fields["latency"] == nil { reading.fail(node, "network conditions need a latency (0ms for none)") }
            return nil
        }
        var conditions = NetworkConditions(latency: latency)
        if let rateNode = fields["bytesPerSecond"] {
            guard let rate = reading.int(rateNode, in: 1...Int.max) else { return nil }
            conditions.bytesPerSecond = rate
        }
        return conditions
    }

    /// `250ms`, `{ between: [100ms, 300ms] }`, `{ dribble: { chunks: 4, over: 1s } }`,
    /// `{ logNormal: { median: 80ms, sigma: 0.4 } }`, or `{ network: slow-3g }`
    /// (a preset, or `{ latency: 300ms, bytesPerSecond: 50000 }`).
    mutating func delay(_ node: DocumentNode) -> Delay? {
        if node.isScalar { return reading.duration(node).map(Delay.fixed) }
        guard let fields = reading.members(node, allowed: ["between", "dribble", "logNormal", "network"]), fields.count == 1 else {
            reading.fail(node, "a delay is a duration, { between: [low, high] }, { dribble: { chunks, over } }, "
                         + "{ logNormal: { median, sigma } } or { network: preset or { latency, bytesPerSecond } }")
            return nil
        }
        if let network = fields["network"] {
            return networkConditions(network).map(Delay.network)
        }
        if let range = fields["between"], let bounds = reading.items(range) {
            let durations = bounds.compactMap { reading.duration($0) }
            guard durations.count == 2, durations[0] <= durations[1] else {
                reading.fail(range, "between needs two durations, the lower first")
                return nil
            }
            return .random(durations[0]...durations[1])
        }
        if let dribble = fields["dribble"], let parts = reading.members(dribble, allowed: ["chunks", "over"]),
           let chunks = parts["chunks"].flatMap({ reading.int($0, in: 1...100_000) }),
           let over = parts["over"].flatMap({ reading.duration($0) }) {
            return .dribble(chunks: chunks, over: over)
        }
        if let spread = fields["logNormal"], let parts = reading.members(spread, allowed: ["median", "sigma"]),
           let median = parts["median"].flatMap({ reading.duration($0) }),
           let sigma = parts["sigma"].flatMap({ reading.json($0) }) {
            guard case .number(let value) = sigma, value >= 0, value.isFinite else {
                reading.fail(parts["sigma"] ?? spread, "sigma is a number of at least 0")
                return nil
            }
            return .logNormal(median: median, sigma: value)
        }
        return nil
    }

    /// `closeWithoutResponse`, `malformedChunk`, `garbageThenClose`, `connectionReset` or `{ truncatedBody: bytes }`.
    mutating func fault(_ node: DocumentNode) -> Fault? {
        if node.isScalar, let name = reading.string(node) {
            switch name {
            case "closeWithoutResponse": return .closeWithoutResponse
            case "malformedChunk": return .malformedChunk
            case "garbageThenClose": return .garbageThenClose
            case "connectionReset": return .connectionReset
            default:
                let known = ["closeWithoutResponse", "malformedChunk", "garbageThenClose", "connectionReset", "truncatedBody"]
                let hint = Suggestion.hint(for: name, in: known)
                reading.fail(node, "unknown fault \"\(name)\"\(hint)")
                return nil
            }
        }
        guard let fields = reading.members(node, allowed: ["truncatedBody"]), let bytes = fields["truncatedBody"],
              let count = reading.int(bytes, in: 0...Int.max) else { return nil }
        return .truncatedBody(afterBytes: count)
    }

    /// `{ name, requires, sets }`.
    mutating func scenario(_ node: DocumentNode) -> ScenarioStep? {
        guard let fields = reading.members(node, allowed: ["name", "requires", "sets"]),
              let name = fields["name"].flatMap({ reading.string($0) })
        else {
            reading.fail(node, "a scenario needs a name")
            return nil
        }
        return ScenarioStep(scenario: name, requiredState: fields["requires"].flatMap { reading.string($0) },
                            newState: fields["sets"].flatMap { reading.string($0) })
    }

    // MARK: Verification

    mutating func verifyRule(_ node: DocumentNode) -> VerifyRule {
        guard let fields = reading.members(node, allowed: ["headers", "exact", "skip"]) else { return VerifyRule() }
        var rule = VerifyRule()
        if let headers = fields["headers"].flatMap({ reading.items($0) }) { rule.headers = headers.compactMap { reading.string($0) } }
        if let exact = fields["exact"].flatMap({ reading.items($0) }) { rule.exact = exact.compactMap { reading.string($0) } }
        if let skip = fields["skip"].flatMap({ reading.bool($0) }) { rule.skip = skip }
        return rule
    }

    /// `declared: { fileID, filePath, line, column }`: where a stub sent from
    /// Swift code was written, so reports point there instead of at the spec.
    mutating func declared(_ node: DocumentNode) -> CodeLocation? {
        guard let parts = reading.members(node, allowed: ["fileID", "filePath", "line", "column"]),
              let fileID = parts["fileID"].flatMap({ reading.string($0) }),
              let line = parts["line"].flatMap({ reading.int($0, in: 1...Int.max) }),
              let column = parts["column"].flatMap({ reading.int($0, in: 1...Int.max) })
        else {
            reading.fail(node, "declared needs fileID, line and column (filePath is optional)")
            return nil
        }
        return CodeLocation(fileID: fileID, filePath: parts["filePath"].flatMap { reading.string($0) } ?? "", line: line, column: column)
    }

    /// The bytes of a base64 string.
    mutating func base64(_ node: DocumentNode) -> Data? {
        guard let text = reading.string(node) else { return nil }
        guard let data = Data(base64Encoded: text) else {
            reading.fail(node, "expected base64 text")
            return nil
        }
        return data
    }
}
