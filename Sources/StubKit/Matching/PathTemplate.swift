/// A path with named, typed captures: `/characters/{id:int}/comics`,
/// `/files/{rest*}`. Captures match one whole segment (`{name}`, `{name:int}`,
/// `{name:uuid}`); `{name*}` matches the rest of the path, possibly empty.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// What a capture accepts.
    public enum CaptureType: String, Sendable, Hashable {
        /// Any non-empty segment.
        case string
        /// An optional `-` and decimal digits.
        case int
        /// A UUID in its 8-4-4-4-12 hexadecimal form.
        case uuid
    }

    /// One part of the template between slashes.
    public enum Segment: Sendable, Hashable {
        /// Exactly this text.
        case literal(String)
        /// A named capture of one segment.
        case capture(String, CaptureType)
        /// A named capture of every remaining segment.
        case rest(String)
    }

    /// The template as written.
    public let source: String
    /// The parsed segments.
    public let segments: [Segment]
    /// Why the template cannot work (a duplicate capture name, an unknown
    /// type, a `*` capture that is not last), or `nil`.
    public let problem: String?

    /// Parses `source`.
    public init(_ source: String) {
        self.source = source
        var segments: [Segment] = []
        var problems: [String] = []
        var names: Set<String> = []
        let parts = source.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (offset, part) in parts.enumerated() {
            guard part.hasPrefix("{"), part.hasSuffix("}"), part.count > 2 else {
                if part.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) { problems.append("malformed capture \(quoted(String(part)))") }
                segments.append(.literal(String(part)))
                continue
            }
            let inner = part.dropFirst().dropLast()
            let name: String
            if inner.hasSuffix("*") {
                name = String(inner.dropLast())
                if offset != parts.count - 1 { problems.append("{\(inner)} must be the last segment") }
                segments.append(.rest(name))
            } else {
                let pieces = inner.split(separator: ":", maxSplits: 1)
                name = String(pieces[0])
                let typeName = pieces.count > 1 ? String(pieces[1]) : "string"
                guard let type = CaptureType(rawValue: typeName) else {
                    problems.append("unknown capture type \(quoted(typeName)) in {\(inner)} (use string, int or uuid)")
                    segments.append(.capture(name, .string))
                    continue
                }
                segments.append(.capture(name, type))
            }
            if !names.insert(name).inserted { problems.append("duplicate capture name \(quoted(name))") }
        }
        self.segments = segments
        self.problem = problems.isEmpty ? nil : "path template \(quoted(source)): " + problems.joined(separator: "; ")
    }

    /// The captures when `path` (decoded, without query) matches, else `nil`.
    public func match(_ path: String) -> [String: String]? {
        guard path.hasPrefix("/") else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var captures: [String: String] = [:]
        var index = parts.startIndex
        for segment in segments {
            switch segment {
            case .rest(let name):
                captures[name] = parts[index...].joined(separator: "/")
                return captures
            case .literal(let text):
                guard index < parts.endIndex, parts[index] == text else { return nil }
            case .capture(let name, let type):
                guard index < parts.endIndex, Self.accepts(parts[index], as: type) else { return nil }
                captures[name] = String(parts[index])
            }
            index += 1
        }
        return index == parts.endIndex ? captures : nil
    }

    /// The literal segments before the first capture, as a path (`/characters`).
    public var literalPrefix: String {
        var prefix = ""
        for segment in segments {
            guard case .literal(let text) = segment else { break }
            prefix += "/" + text
        }
        return prefix
    }

    /// The template as written.
    public var description: String { source }

    private static func accepts(_ text: Substring, as type: CaptureType) -> Bool {
        switch type {
        case .string:
            return !text.isEmpty
        case .int:
            let digits = text.hasPrefix("-") ? text.dropFirst() : text
            return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        case .uuid:
            let groups = text.split(separator: "-", omittingEmptySubsequences: false)
            return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
        }
    }
}
