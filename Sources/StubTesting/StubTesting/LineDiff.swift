/// A line-by-line diff of two texts in the unified style: unchanged lines
/// start with a space, removed (expected) lines with `−`, added (actual) lines
/// with `+`; runs of unchanged lines far from a change are cut to `…`.
enum LineDiff {
    /// Lines of context kept around each change.
    static let context = 2
    /// Above this many lines on a side, only the first differing line is shown.
    static let largest = 3_000

    static func render(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard old.count <= largest, new.count <= largest else { return firstDifference(old, new) }
        let edits = script(old, new)
        var keep = [Bool](repeating: false, count: edits.count)
        for (index, edit) in edits.enumerated() where edit.mark != " " {
            for near in max(0, index - context)...min(edits.count - 1, index + context) { keep[near] = true }
        }
        // A gap of one line costs as much as its `…`: show the line instead.
        for index in keep.indices where !keep[index] {
            let before = index == 0 || keep[index - 1]
            let after = index == keep.count - 1 || keep[index + 1]
            if before && after { keep[index] = true }
        }
        var lines: [String] = []
        var skipping = false
        for (index, edit) in edits.enumerated() {
            if keep[index] {
                lines.append("\(edit.mark) \(edit.text)")
                skipping = false
            } else if !skipping {
                lines.append("  …")
                skipping = true
            }
        }
        return lines.joined(separator: "\n")
    }

    private struct Edit {
        var mark: Character
        var text: String
    }

    /// The shortest edit script by longest common subsequence.
    private static func script(_ old: [String], _ new: [String]) -> [Edit] {
        let rows = old.count, columns = new.count
        var length = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                length[i][j] = old[i] == new[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, old[i] == new[j] {
                edits.append(Edit(mark: " ", text: old[i])); i += 1; j += 1
            } else if j < columns, i == rows || length[i][j + 1] >= length[i + 1][j] {
                edits.append(Edit(mark: "+", text: new[j])); j += 1
            } else {
                edits.append(Edit(mark: "−", text: old[i])); i += 1
            }
        }
        // Show each removal before the additions that replace it.
        var ordered: [Edit] = []
        var pendingAdds: [Edit] = []
        for edit in edits {
            switch edit.mark {
            case "+": pendingAdds.append(edit)
            case "−": ordered.append(edit)
            default: ordered += pendingAdds; pendingAdds = []; ordered.append(edit)
            }
        }
        return ordered + pendingAdds
    }

    private static func firstDifference(_ old: [String], _ new: [String]) -> String {
        let index = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let expected = index < old.count ? old[index] : "(end)"
        let actual = index < new.count ? new[index] : "(end)"
        return "  (too long to diff; first difference at line \(index + 1))\n− \(expected)\n+ \(actual)"
    }
}
