/// Turns fuzz input into choices: each call takes the next byte (zero once
/// the input runs out), so libFuzzer's mutations steer every choice.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte.
    mutating func byte() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }

    /// One of `options`.
    mutating func pick<Option>(_ options: [Option]) -> Option { options[byte() % options.count] }

    /// Up to `most` pieces of `alphabet`, joined.
    mutating func text(_ alphabet: [String], most: Int) -> String {
        (0..<(byte() % (most + 1))).map { _ in pick(alphabet) }.joined()
    }

    /// Up to `most` of what `make` makes.
    mutating func list<Element>(most: Int, _ make: (inout FuzzBytes) -> Element) -> [Element] {
        (0..<(byte() % (most + 1))).map { _ in make(&self) }
    }

    /// Whatever input is left, as raw bytes.
    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}
