import Foundation
import StubKit
import Testing

/// What Pact's generators make, over many draws: a decimal always has a
/// fraction, numbers stay within their bounds, strings have their size.
@Suite struct ValueGeneratorTests {
    static let context = ValueGenerator.Context(request: RecordedRequest(method: "GET", target: "/"))

    @Test func aRandomDecimalAlwaysHasAFraction() {
        var random = SystemRandomNumberGenerator()
        for digits in [2, 3, 4, 10, 15] {
            for _ in 0..<2_000 {
                guard case .number(let value)? = ValueGenerator.randomDecimal(digits: digits).generate(Self.context, using: &random) else {
                    Issue.record("no number for \(digits) digits")
                    return
                }
                #expect(value.rounded() != value, "\(digits) digits gave \(value), which prints as an integer")
            }
        }
    }

    @Test func boundedGeneratorsStayInTheirBounds() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            guard case .number(let int)? = ValueGenerator.randomInt(min: 10, max: 19).generate(Self.context, using: &random),
                  case .string(let hex)? = ValueGenerator.randomHexadecimal(digits: 8).generate(Self.context, using: &random),
                  case .string(let text)? = ValueGenerator.randomString(size: 12).generate(Self.context, using: &random) else {
                Issue.record("a generator made nothing")
                return
            }
            #expect((10...19).contains(int) && hex.count == 8 && text.count == 12)
        }
    }
}
