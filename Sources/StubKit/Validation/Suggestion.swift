/// The known word closest to a misspelled one, when it is close enough.
package enum Suggestion {
    /// The candidate closest to `word`, or `nil` when none is close enough.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    /// `; did you mean "x"?` for the candidate closest to `word`, or
    /// `otherwise` when none is close enough: the one way every reader
    /// words an unknown key.
    package static func hint(for word: String, in candidates: [String], otherwise: String = "") -> String {
        closest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? otherwise
    }

    /// `unknown key "x"; did you mean "y"?` (`field`, for WireMock), or with
    /// `listingKnown` and nothing close, `…; expected one of a, b`: the one
    /// way every reader words a member it does not know.
    package static func unknownMember(_ name: String, among known: [String], called member: String = "key", listingKnown: Bool = true) -> String {
        "unknown \(member) \"\(name)\"" + hint(for: name, in: known, otherwise: listingKnown ? "; expected one of \(known.joined(separator: ", "))" : "")
    }

    /// Levenshtein distance.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
