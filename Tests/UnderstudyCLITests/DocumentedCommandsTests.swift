import Foundation
import Testing
import UnderstudyTestSupport

/// An `understudy` command line as the pages show it, with where.
struct Shown: Sendable, CustomStringConvertible {
    /// `file:line` of each place it is shown.
    var places: [String]
    /// Its words after `understudy`, as the shell splits them.
    var words: [String]
    var description: String { "\(places.joined(separator: ", ")): understudy \(words.joined(separator: " "))" }
}

/// Every `understudy …` command line the README, docs/ and the DocC articles
/// show names a subcommand that exists and options that subcommand's own
/// `--help` lists, so a reader who copies one does not meet "unknown option".
@Suite struct DocumentedCommandsTests {
    /// The `understudy` lines of every shell block of the pages.
    static func shown() throws -> [Shown] {
        let root = CommandLineSpecTests.root
        var pages = ["README.md"]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".build") || path.hasPrefix("Examples") { enumerator?.skipDescendants(); continue }
            if (path.hasPrefix("docs/") || path.contains(".docc/")) && path.hasSuffix(".md") { pages.append(path) }
        }
        var found: [Shown] = []
        for page in pages.sorted() {
            let lines = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8).components(separatedBy: "\n")
            var inShell = false, pending: (Int, String)?
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("```") {
                    inShell = !inShell && ["```sh", "```bash", "```shell", "```console"].contains(trimmed)
                    continue
                }
                guard inShell else { continue }
                var text = trimmed.hasPrefix("$ ") ? String(trimmed.dropFirst(2)) : trimmed
                var startLine = index + 1
                if let (start, head) = pending { text = head + " " + text; pending = nil; startLine = start }
                if text.hasSuffix("\\") { pending = (startLine, String(text.dropLast())); continue }
                guard text.hasPrefix("understudy ") else { continue }
                found.append(Shown(places: ["\(page):\(startLine)"], words: words(of: String(text.dropFirst("understudy ".count)))))
            }
        }
        return found
    }

    /// Shell words, quotes kept together, a trailing `# comment` and `&` dropped.
    static func words(of text: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == " " {
                if !word.isEmpty { words.append(word); word = "" }
            } else if character == "#" && word.isEmpty {
                break
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.filter { $0 != "&" }
    }

    @Test func everyShownCommandUsesASubcommandAndOptionsThatExist() async throws {
        let shown = try Self.shown()
        #expect(shown.count >= 40, "the pages show \(shown.count) command lines")
        let subcommands = ["serve", "record", "import", "lint", "verify", "check", "export", "admin"]
        var help: [String: String] = [:]
        for command in shown {
            let subcommand = command.words.first.flatMap { subcommands.contains($0) ? $0 : nil } ?? ""
            if let first = command.words.first, !first.hasPrefix("-"), !first.hasPrefix("["), subcommand.isEmpty {
                Issue.record("\(command): \(first) is not a subcommand (\(subcommands.joined(separator: ", ")))")
                continue
            }
            if help[subcommand] == nil {
                let run = try await CommandLineSpecTests.finished(subcommand.isEmpty ? ["--help"] : [subcommand, "--help"])
                help[subcommand] = run.output
            }
            let text = help[subcommand] ?? ""
            for word in command.words {
                let option = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: "=").first.map(String.init) ?? ""
                guard option.hasPrefix("--"), option.count > 2 else { continue }
                let listed = text.range(of: option + #"(?![A-Za-z-])"#, options: .regularExpression) != nil
                #expect(listed, "\(command): \(option) is not in `understudy \(subcommand) --help`")
            }
        }
    }
}
