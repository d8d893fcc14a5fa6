import Foundation

/// HTTP header values compared as Pact compares them: a comma-separated
/// list item by item, ignoring the spaces after commas (order matters); a
/// media type (`application/json; charset=UTF-8`) by type, then parameter by
/// parameter, where the actual value may carry parameters the expected one
/// lacks, in any order, and the charset is compared without case.
enum HeaderValue {
    static func equal(_ expected: String, _ actual: String) -> Bool {
        if expected == actual { return true }
        if let wanted = MediaType(expected), let got = MediaType(actual), wanted.isMediaType || got.isMediaType {
            return wanted.accepts(got)
        }
        return items(expected) == items(actual)
    }

    private static func items(_ value: String) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// `type/subtype; name=value…`.
    private struct MediaType {
        var type: String
        var parameters: [String: String]
        var isMediaType: Bool { type.utf8.contains(UInt8(ascii: "/")) && !type.utf8.contains(UInt8(ascii: ",")) }

        init?(_ text: String) {
            let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard let first = parts.first, !first.isEmpty else { return nil }
            type = first.lowercased()
            parameters = [:]
            for part in parts.dropFirst() {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                guard pair.count == 2 else { return nil }
                let name = pair[0].lowercased()
                parameters[name] = name == "charset" ? pair[1].lowercased() : pair[1]
            }
        }

        func accepts(_ actual: MediaType) -> Bool {
            type == actual.type && parameters.allSatisfy { actual.parameters[$0.key] == $0.value }
        }
    }
}
