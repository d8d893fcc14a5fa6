import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy --version`, and every command's help naming pages that exist.
@Suite struct HelpPointsToDocsTests {
    @Test func theVersionIsPrinted() async throws {
        let run = try await CommandLineSpecTests.finished(["--version"])
        #expect(run.status == 0 && run.output.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+(-dev)?$"#, options: .regularExpression) != nil,
                "\(run.output)")
        let changelog = try String(contentsOf: CommandLineSpecTests.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let version = run.output.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "-dev", with: "")
        #expect(changelog.contains(version), "CHANGELOG.md has an entry for \(version)")
    }

    @Test(arguments: ["", "serve", "record", "lint", "verify", "check", "export", "admin"])
    func eachHelpNamesPagesThatExist(_ command: String) async throws {
        let run = try await CommandLineSpecTests.finished(command.isEmpty ? ["--help"] : [command, "--help"])
        let text = run.output.replacingOccurrences(of: "\n", with: " ")
        let pages = text.matches(of: /(docs\/[a-z-]+\.md|README\.md|CHANGELOG\.md)/).map { String($0.output.1) }
        #expect(!pages.isEmpty, "understudy \(command) --help names no page: \(run.output)")
        for page in pages {
            #expect(FileManager.default.fileExists(atPath: CommandLineSpecTests.root.appendingPathComponent(page).path), "\(command): \(page) does not exist")
        }
    }

    /// A command without a `commandName` has one derived at every start with
    /// String(describing:), a runtime conformance scan that the time to a first
    /// answer pays; so each command of Sources/understudy names itself.
    @Test func everyCommandNamesItself() throws {
        let folder = CommandLineSpecTests.root.appendingPathComponent("Sources/understudy")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var configurations = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("CommandConfiguration(") && !line.contains("func ") {
                configurations += 1
                let following = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(number).prefix(2).joined(separator: " ")
                #expect(following.contains("commandName:"), "Sources/understudy/\(file):\(number + 1): CommandConfiguration without commandName:")
            }
        }
        #expect(configurations >= 20, "found \(configurations) command configurations")
    }
}
