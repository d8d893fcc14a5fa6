import ArgumentParser
import Foundation
import StubSpec
import UnderstudyCLI

/// `understudy check [PATH...]`: runs contract files like a test runner.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run contract files (*.contract.yaml) against a built-in server.",
        discussion: "Reports each check as ✓ or ✗ with the reason, then N passed, N failed; exits 1 on any failure.\n\nRead more: docs/spec-format.md (contract files), docs/command-line.md in the Understudy repository."
    )

    @Argument(help: "Contract files or folders to search (default: specs).")
    var paths: [String] = ["specs"]

    func run() async throws {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ValidationError("no such file or folder: \(path)")
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { $0.hasSuffix(".contract.yaml") || $0.hasSuffix(".contract.json") }.sorted()
                    .map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        guard !files.isEmpty else { throw ValidationError("no contract files (*.contract.yaml) in \(paths.joined(separator: ", "))") }
        var passed = 0, failed = 0, broken = false
        for file in files {
            do {
                let contract = try ContractSpec.load(URL(fileURLWithPath: file), name: file)
                let run = try await ContractRun.run(contract)
                print(run.report)
                passed += run.passed
                failed += run.failed
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                broken = true
            }
        }
        print("\(passed) passed, \(failed) failed")
        if broken { throw ExitCode(2) }
        if failed > 0 { throw ExitCode(1) }
    }
}
