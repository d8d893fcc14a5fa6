public import Foundation
public import StubKit
import Synchronization

/// Where and how a test run writes its pacts: one file per consumer and
/// provider, `DIRECTORY/CONSUMER-PROVIDER.json`.
public struct PactRecording: Sendable, Hashable {
    /// The consumer's name (the app under test).
    public var consumer: String
    /// The provider's name (the API it calls).
    public var provider: String
    /// The folder the file goes in (created when missing).
    public var directory: URL
    /// The specification written: V4 by default, V3 on request.
    public var version: PactVersion

    /// Records into `directory/consumer-provider.json` (`pacts/` under the current folder by default).
    public init(consumer: String, provider: String, directory: URL? = nil, version: PactVersion = .v4) {
        self.consumer = consumer
        self.provider = provider
        self.directory = directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("pacts")
        self.version = version
    }

    /// The pact file's URL.
    public var file: URL { directory.appendingPathComponent("\(consumer)-\(provider).json") }
}

/// Two interactions with one description and different content.
public struct PactConflict: Sendable, CustomStringConvertible {
    /// The shared description.
    public var interaction: String
    /// Where the one already recorded was declared.
    public var first: CodeLocation
    /// Where the differing one was declared.
    public var second: CodeLocation

    /// What clashed and where both are.
    public var description: String {
        "two interactions are both described as \"\(interaction)\" but differ: one declared at \(first), the other at \(second); give the stubs different names (.named(_:))"
    }
}

/// The interactions every test of this process recorded, by pact file: each
/// new one is merged in and the file rewritten, so parallel tests share one
/// file. The first write of a run replaces what an earlier run left.
///
/// Merging holds the ledger's lock only to compare and append; the file's
/// text is put together outside it from each interaction's text (written
/// once, when it arrived), and the newest merge's text is the one that
/// stays on disk.
public final class PactLedger: Sendable {
    /// The ledger tests record into.
    public static let shared = PactLedger()

    private struct Entry {
        var interaction: PactInteraction
        var written: String
    }
    private struct File {
        var entries: [Entry] = []
        /// Counts merges: the file on disk is the one of the highest written.
        var generation = 0
    }
    private let files = Mutex<[URL: File]>([:])
    /// By file, the generation on disk; held while a file is written, so writes of one file are in order.
    private let onDisk = Mutex<[URL: Int]>([:])

    /// Creates an empty ledger.
    public init() {}

    /// Merges `interactions` into `recording`'s pact and rewrites it; the
    /// interactions that clash with one already there are returned, not written.
    ///
    /// - Throws: what writing the file throws.
    public func record(_ interactions: [PactInteraction], for recording: PactRecording) throws -> [PactConflict] {
        let arriving = interactions.map { Entry(interaction: $0, written: PactWriter.interaction($0, recording.version).text) }
        let (conflicts, written, generation) = files.withLock { files in
            var file = files[recording.file] ?? File()
            var conflicts: [PactConflict] = []
            for entry in arriving {
                if let earlier = file.entries.first(where: { $0.interaction.description == entry.interaction.description }) {
                    if earlier.written != entry.written {
                        conflicts.append(PactConflict(interaction: entry.interaction.description, first: earlier.interaction.location,
                                                      second: entry.interaction.location))
                    }
                    continue
                }
                file.entries.append(entry)
            }
            file.generation += 1
            files[recording.file] = file
            return (conflicts, file.entries.map(\.written), file.generation)
        }
        let text = PactWriter.text(consumer: recording.consumer, provider: recording.provider, written: written, version: recording.version)
        try onDisk.withLock { onDisk in
            guard onDisk[recording.file, default: 0] < generation else { return } // a later merge is on disk already
            try FileManager.default.createDirectory(at: recording.directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: recording.file, options: .atomic)
            onDisk[recording.file] = generation
        }
        return conflicts
    }
}
