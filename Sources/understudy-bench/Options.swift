/// `--name value` pairs from the command line.
struct Options {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "missing or malformed --\(name)" }
    }

    private var values: [String: String] = [:]

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("--") { values[String(argument.dropFirst(2))] = iterator.next() ?? "" }
        }
    }

    func string(_ name: String, default fallback: String? = nil) throws -> String {
        guard let value = values[name] ?? fallback else { throw Missing(name: name) }
        return value
    }

    func int(_ name: String, default fallback: Int? = nil) throws -> Int {
        guard let value = values[name].flatMap(Int.init) ?? fallback else { throw Missing(name: name) }
        return value
    }
}
