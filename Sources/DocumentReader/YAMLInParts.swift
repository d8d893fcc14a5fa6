package import Yams

/// Reads a large block-style YAML document on every core: the entries of
/// its big mappings are cut, at lines that start a key, into parts that
/// libyaml reads one beside the other, and the parts' trees are put back
/// together into the tree one pass would give, marks included.
///
/// Each part is read as a document of its own, led by as many empty lines
/// as come before it, so every mark is where a reading of the whole text
/// puts it. A part starts at a line that holds a key of the mapping being
/// cut, at that mapping's indentation, and every line between the
/// mapping's first key and its end is indented at least as far. libyaml
/// ends a plain scalar and closes every deeper collection at such a line,
/// and a block scalar's text is indented further, so the parts read as the
/// whole does, unless a part ends inside a quoted scalar or a flow
/// collection, which is then open at the end of the part: libyaml refuses
/// that part.
///
/// Anything this cannot vouch for gives `nil`, and the caller reads the
/// text in one pass, with that reading's own errors: a part libyaml
/// refuses, an alias whose anchor sits in another part, a key repeated
/// across parts, a tag or an anchor after a key whose value is cut, a
/// directive, a second document, a line break other than `\n` or `\r\n`, a
/// byte-order mark (Yams reads it as a character of the first line, which
/// moves the root's indentation), or a part whose tree does not start where
/// it should.
package enum YAMLInParts {
    /// The tree of `text`, read in parts on `parts` cores, when `text` is
    /// large enough to gain from it (`pieceBytes` sets the size of a part,
    /// for tests) and every part reads; `nil` otherwise.
    package static func compose(_ text: String, resolver: Resolver = .default, parts: Int = Concurrently.cores,
                                pieceBytes: Int? = nil) -> Node? {
        let bytes = Array(text.utf8)
        guard parts > 1, pieceBytes != nil || bytes.count >= minimumBytes, let outline = Outline(bytes) else { return nil }
        let piece = pieceBytes ?? max(minimumPiece, bytes.count / (parts * 4))
        guard let root = outline.plan(lines: 0..<outline.lineCount, indent: 0, piece: piece) else { return nil }
        var jobs: [Job] = []
        let tree = Tree.collect(root, into: &jobs)
        // Every line in one part, in order: libyaml reads each byte of the text once, nothing skipped.
        guard jobs.count(where: { !$0.keyOnly }) > 1, jobs.first?.lines.lowerBound == 0, jobs.last?.lines.upperBound == outline.lineCount,
              zip(jobs, jobs.dropFirst()).allSatisfy({ $0.lines.upperBound == $1.lines.lowerBound }) else { return nil }
        let read = run(jobs, text: bytes, outline: outline, parts: parts, resolver: resolver)
        guard read.allSatisfy({ $0 != nil }) else { return nil }
        return tree.assemble(read.map { $0! })
    }

    /// Below this size one pass is quick enough that threads cost more than they save.
    static let minimumBytes = 256 << 10
    static let minimumPiece = 32 << 10

    /// One part to read: lines `lines`, whose root mapping must start on line
    /// `firstKey` at `indent`; `keyOnly` when the part is one key whose
    /// value is read in parts of its own.
    struct Job {
        let lines: Range<Int>
        let firstKey: Int
        let indent: Int
        let keyOnly: Bool
    }

    /// The jobs read on `parts` threads, each taking the next job as it
    /// finishes one; a job's tree is its root mapping, or `nil` when it did
    /// not read as it should.
    private static func run(_ jobs: [Job], text: [UInt8], outline: Outline, parts: Int, resolver: Resolver) -> [Node.Mapping?] {
        Concurrently.runs(of: jobs, parts: parts, pieces: jobs.count) { mine in
            mine.map { read($0, text: text, outline: outline, resolver: resolver) }
        }.flatMap { $0 }
    }

    /// One job read by libyaml, checked to start where the plan says.
    private static func read(_ job: Job, text: [UInt8], outline: Outline, resolver: Resolver) -> Node.Mapping? {
        let slice = text[outline.offset(of: job.lines.lowerBound)..<outline.offset(of: job.lines.upperBound)]
        let part = String(repeating: "\n", count: job.lines.lowerBound) + String(decoding: slice, as: UTF8.self)
        guard let node = try? Yams.compose(yaml: part, resolver), case .mapping(let mapping) = node,
              let first = mapping.first, first.key.mark?.line == job.firstKey + 1, first.key.mark?.column == job.indent + 1,
              mapping.mark?.line == first.key.mark?.line, mapping.mark?.column == first.key.mark?.column else { return nil }
        if job.keyOnly {
            // `key:` and nothing after it: the value is the empty plain scalar libyaml marks just after the
            // colon. A tag or an anchor there (`key: !!map`, `key: &a`, even one ending in `:`) marks it
            // after a space, and belongs to the mapping below.
            guard mapping.count == 1, case .scalar(let value) = first.value, value.string.isEmpty, value.style == .plain,
                  let mark = value.mark, mark.line == job.firstKey + 1 else { return nil }
            let keyLine = text[outline.offset(of: job.firstKey)..<outline.offset(of: job.firstKey + 1)]
            let line = Array(String(decoding: keyLine, as: UTF8.self).unicodeScalars)
            guard mark.column >= 2, mark.column - 2 < line.count, line[mark.column - 2] == ":" else { return nil }
        }
        return mapping
    }
}

extension YAMLInParts {
    /// How a mapping is read: runs of whole entries, each one part, and
    /// entries too big for a part, whose key is a part and whose value, a
    /// mapping, is cut in turn.
    enum Segment {
        case entries(Range<Int>, firstKey: Int, indent: Int)
        case nested(keyLines: Range<Int>, indent: Int, value: [Segment])
    }

    /// The segments as the order of their jobs: each mapping's pairs are its
    /// segments' pairs, one after the other.
    indirect enum Tree {
        case mapping([Tree])
        case entries(job: Int)
        case nested(keyJob: Int, value: Tree)

        static func collect(_ segments: [Segment], into jobs: inout [Job]) -> Tree {
            .mapping(segments.map { segment in
                switch segment {
                case .entries(let lines, let firstKey, let indent):
                    jobs.append(Job(lines: lines, firstKey: firstKey, indent: indent, keyOnly: false))
                    return .entries(job: jobs.count - 1)
                case .nested(let keyLines, let indent, let value):
                    jobs.append(Job(lines: keyLines, firstKey: keyLines.upperBound - 1, indent: indent, keyOnly: true))
                    return .nested(keyJob: jobs.count - 1, value: collect(value, into: &jobs))
                }
            })
        }

        /// The mapping these parts make; `nil` when a key comes twice, which
        /// one pass refuses with its own message.
        func assemble(_ read: [Node.Mapping]) -> Node? {
            guard case .mapping(let parts) = self else { return nil }
            var pairs: [(Node, Node)] = []
            pairs.reserveCapacity(parts.reduce(0) { count, part in
                if case .entries(let job) = part { return count + read[job].count }
                return count + 1
            })
            var first: Node.Mapping?
            for part in parts {
                switch part {
                case .entries(let job):
                    first = first ?? read[job]
                    pairs += read[job].map { ($0.key, $0.value) }
                case .nested(let keyJob, let value):
                    guard let key = read[keyJob].first?.key, let mapping = value.assemble(read) else { return nil }
                    first = first ?? read[keyJob]
                    pairs.append((key, mapping))
                case .mapping:
                    return nil
                }
            }
            if parts.count > 1 { // one part's keys libyaml has checked
                var keys = Set<Node>(minimumCapacity: pairs.count)
                for (key, _) in pairs where !keys.insert(key).inserted { return nil }
            }
            // The first part's root: the same tag and style, marked at the first key as libyaml marks a block mapping.
            guard let first else { return nil }
            return .mapping(Node.Mapping(pairs, first.tag, first.style, first.mark))
        }
    }
}
