import Foundation
import MarvelFake
import MarvelModels
import StubKit

/// Decodes a 100-comic page (the fake's first 100 comics, in the API's envelope)
/// into `DataWrapper<Comic>` repeatedly, and, as the reference in the same run,
/// parses the same bytes with `JSONSerialization`. Prints one JSON line.
struct DecodeComics {
    let arguments: Options

    func run() throws {
        let iterations = try arguments.int("iterations", default: 200)
        let request = RecordedRequest(method: "GET", target: "/v1/public/comics?limit=100")
        let page = try StubResponse.marvel(results: Array(MarvelCatalog.standard.comics.prefix(100)), for: request).body
        let decoder = JSONDecoder()
        var decoded = 0
        let typed = try Self.measure(iterations) { decoded += try decoder.decode(DataWrapper<Comic>.self, from: page).data.count }
        let referenceIterations = try arguments.int("reference-iterations", default: iterations)
        let untyped = try Self.measure(referenceIterations) { _ = try JSONSerialization.jsonObject(with: page) }
        let report: [String: Any] = [
            "iterations": iterations, "bytes": page.count, "results": decoded / max(iterations, 1),
            "typedMedianMicros": typed.median, "typedP90Micros": typed.p90,
            "jsonSerializationMedianMicros": untyped.median,
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    private static func measure(_ iterations: Int, _ body: () throws -> Void) throws -> (median: Double, p90: Double) {
        guard iterations > 0 else { return (0, 0) }
        let clock = ContinuousClock()
        var micros: [Double] = []
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            micros.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        micros.sort()
        return (micros[micros.count / 2], micros[micros.count * 9 / 10])
    }
}
