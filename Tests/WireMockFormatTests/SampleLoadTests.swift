import Foundation
import StubKit
import Testing
import WireMockFormat

/// The third-party samples in ../shared/data/wiremock-samples load, or are
/// refused with file, line and JSON pointer.
@Suite struct SampleLoadTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/wiremock-samples")

    @Test func everySampleMappingFileLoadsOrIsRefusedWithItsPlace() throws {
        try #require(FileManager.default.fileExists(atPath: Self.samples.path),
                     "../shared/data/wiremock-samples is absent; these tests read it from there")
        let files = (FileManager.default.enumerator(at: Self.samples, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "json" && !$0.path.contains("__files") && !$0.path.contains("message-mappings") }
            .sorted { $0.path < $1.path }
        var loaded = 0
        var refused: [String] = []
        for file in files {
            do {
                loaded += try WireMockMappings.load(file: file).stubs.count
            } catch {
                refused.append("\(error)")
            }
        }
        print("wiremock-samples: \(files.count) files, \(loaded) stubs loaded, refused:\n" + refused.joined(separator: "\n"))
        #expect(loaded > 0)
        for message in refused { #expect(message.contains(".json:"), "\(message)") }
    }
}
