extension YAMLInParts {
    /// The lines of a YAML text as far as cutting it needs: where each
    /// starts, how many spaces indent it, and its first other character
    /// (none for a blank line or a comment). `nil` for a text that is not
    /// cut at all: a byte-order mark, a directive, a document marker after
    /// the first line, or a line break libyaml counts and this does not (a
    /// lone `\r`, NEL, LS, PS).
    struct Outline {
        private let bytes: [UInt8]
        private let starts: [Int]
        private let indents: [Int]
        /// 0 for a line that holds no token: blank, a comment, or the `---` that opens the document.
        private let firsts: [UInt8]

        var lineCount: Int { indents.count }

        init?(_ bytes: [UInt8]) {
            guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil } // Yams counts it as a column of the first line
            var starts = [0], indents: [Int] = [], firsts: [UInt8] = []
            var index = 0
            var sawContent = false
            while index < bytes.count {
                let lineBegin = index
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                var end = index, blank = true
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                    switch bytes[end] {
                    case UInt8(ascii: "\r"):
                        guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") else { return nil }
                    case 0xC2 where end + 1 < bytes.count && bytes[end + 1] == 0x85:
                        return nil
                    case 0xE2 where end + 2 < bytes.count && bytes[end + 1] == 0x80 && (bytes[end + 2] == 0xA8 || bytes[end + 2] == 0xA9):
                        return nil
                    case UInt8(ascii: " "), UInt8(ascii: "\t"):
                        break
                    default:
                        blank = false
                    }
                    end += 1
                }
                // A tab (or a NUL, which libyaml refuses) after the indentation holds content but starts no key.
                var first: UInt8 = blank || bytes[index] == UInt8(ascii: "#") ? 0 : bytes[index] == 0 ? UInt8(ascii: "\t") : bytes[index]
                if first != 0, index == lineBegin, let marker = Self.marker(bytes[lineBegin..<end]) {
                    // The `---` that opens the document, before any content, holds no key; every other marker ends the cut.
                    guard marker == .start, !sawContent else { return nil }
                    first = 0
                }
                if first != 0 { sawContent = true }
                indents.append(index - lineBegin)
                firsts.append(first)
                index = end + 1
                if index < bytes.count { starts.append(index) }
            }
            starts.append(bytes.count)
            self.bytes = bytes
            self.starts = starts
            self.indents = indents
            self.firsts = firsts
        }

        /// A line at column 0 that is a directive or a document marker.
        private enum Marker { case start, other }

        private static func marker(_ line: ArraySlice<UInt8>) -> Marker? {
            if line.first == UInt8(ascii: "%") { return .other }
            let trimmed = line.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }
            let text = Array(trimmed.reversed())
            for dashes in [Array("---".utf8), Array("...".utf8)] where text.starts(with: dashes) {
                if text.count == 3 { return dashes[0] == UInt8(ascii: "-") ? .start : .other }
                if text[3] == UInt8(ascii: " ") || text[3] == UInt8(ascii: "\t") { return .other }
            }
            return nil
        }

        /// The byte where line `line` starts (the text's end for `lineCount`).
        func offset(of line: Int) -> Int { starts[line] }

        /// Whether line `line` holds a token.
        private func isContent(_ line: Int) -> Bool { firsts[line] != 0 }

        /// Whether line `line` starts, at its indentation, what can only be a
        /// mapping's key there: not a sequence entry, a complex key, a flow
        /// collection, a block scalar, a tag, an anchor or an alias.
        private func startsKey(_ line: Int) -> Bool {
            switch firsts[line] {
            case 0, UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","),
                 UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "&"),
                 UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "%"),
                 UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "#"):
                return false
            default:
                return true
            }
        }

        /// Whether line `line` ends with the `:` of its key and holds nothing
        /// after it (no value, tag, anchor or comment), so its value is on
        /// the lines below.
        private func endsWithColon(_ line: Int) -> Bool {
            var end = starts[line + 1]
            while end > starts[line], [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " ")].contains(bytes[end - 1]) { end -= 1 }
            return end > starts[line] && bytes[end - 1] == UInt8(ascii: ":") && !bytes[starts[line]..<end].contains(UInt8(ascii: "#"))
        }

        /// How the mapping whose keys are at `indent` on `lines` is read:
        /// runs of entries of about `piece` bytes, and an entry larger than
        /// that whose value is a block mapping cut in turn; `nil` when the
        /// lines are not such a mapping.
        func plan(lines: Range<Int>, indent: Int, piece: Int) -> [Segment]? {
            var keys: [Int] = []
            for line in lines where isContent(line) {
                if indents[line] < indent { return nil }
                if indents[line] == indent, startsKey(line) {
                    keys.append(line)
                } else if keys.isEmpty {
                    return nil // the lines start with something other than a key
                }
            }
            guard !keys.isEmpty else { return nil }
            var segments: [Segment] = []
            var groupStart = lines.lowerBound, groupKey: Int?
            func close(at end: Int) {
                if let key = groupKey { segments.append(.entries(groupStart..<end, firstKey: key, indent: indent)) }
                groupStart = end
                groupKey = nil
            }
            for (number, key) in keys.enumerated() {
                let end = number + 1 < keys.count ? keys[number + 1] : lines.upperBound
                if offset(of: end) - offset(of: key) > piece, let value = nestedPlan(key: key, end: end, indent: indent, piece: piece) {
                    if groupKey != nil { close(at: key) }
                    // The key's part takes the lines before it that no part holds (what comes before the root's first key).
                    segments.append(.nested(keyLines: groupStart..<key + 1, indent: indent, value: value))
                    groupStart = end
                    continue
                }
                if groupKey == nil { groupKey = key }
                if offset(of: end) - offset(of: groupStart) >= piece { close(at: end) }
            }
            close(at: lines.upperBound)
            return segments
        }

        /// The plan of the value of the entry on lines `key..<end`, when the
        /// key's line ends with its `:` and the value is a block mapping indented further.
        private func nestedPlan(key: Int, end: Int, indent: Int, piece: Int) -> [Segment]? {
            guard endsWithColon(key), let first = (key + 1..<end).first(where: isContent),
                  indents[first] > indent, startsKey(first) else { return nil }
            return plan(lines: key + 1..<end, indent: indents[first], piece: piece)
        }
    }
}
