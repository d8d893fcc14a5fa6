import Foundation
import Testing
import UnderstudyCLI

/// `serve --watch`'s watcher on real files: the ways editors, checkouts and
/// WireMock roots change them, each seen at the kernel's word (on Linux).
@Suite struct SpecWatcherTests {
    /// A folder of its own, a watcher on `watched` (paths in it), and what
    /// the folder held at each look that found a change, in order.
    private final class Watching: Sendable {
        /// One look, and the folder's files (`path=text;…`) when it found a change.
        typealias Seen = (look: SpecWatcher.Look, files: String)
        let folder: URL
        let watcher: SpecWatcher
        let looks: AsyncStream<Seen>

        init(_ files: [String: String], watching watched: [String]) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-watcher-\(UUID().uuidString)")
            self.folder = folder
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in files {
                let file = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: false, encoding: .utf8)
            }
            let (looks, seen) = AsyncStream<Seen>.makeStream()
            self.looks = looks
            // The timer's own look, an hour away: every look here is an event's.
            watcher = SpecWatcher(paths: watched.map { folder.appendingPathComponent($0).path }, recheck: .seconds(3600),
                                  onLook: { seen.yield(($0, $0.changed ? Self.files(in: folder) : "")) }) {}
        }

        func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

        private static func files(in folder: URL) -> String {
            let names = (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
            return names.compactMap { name in
                (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map { "\(name)=\($0)" }
            }.joined(separator: ";")
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    #if os(Linux)
    private static let expectedMode = SpecWatcher.Mode.notified
    #else
    private static let expectedMode = SpecWatcher.Mode.polled
    #endif

    @Test func anEditorsSaveByRenameIsSeenAtTheKernelsWord() async throws {
        let watching = try Watching(["live.yaml": "one"], watching: ["live.yaml"])
        #expect(watching.watcher.start() == Self.expectedMode)
        try "two".write(to: watching.url("live.yaml"), atomically: true, encoding: .utf8)
        await Self.expectChange(watching, showing: "live.yaml=two")
    }

    @Test func aWriteInPlaceIsSeen() async throws {
        let watching = try Watching(["live.yaml": "one"], watching: ["live.yaml"])
        watching.watcher.start()
        let handle = try FileHandle(forWritingTo: watching.url("live.yaml"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" more".utf8))
        try handle.close()
        await Self.expectChange(watching, showing: "live.yaml=one more")
    }

    /// A swap or backup file beside the spec wakes the watcher but reloads nothing.
    @Test func anotherFileInTheSameFolderChangesNothing() async throws {
        let watching = try Watching(["live.yaml": "one"], watching: ["live.yaml"])
        guard watching.watcher.start() == .notified else { return } // a poll sees no event to ignore
        try "swap".write(to: watching.url(".live.yaml.swp"), atomically: false, encoding: .utf8)
        for await seen in watching.looks {
            #expect(seen.look == SpecWatcher.Look(prompted: true, changed: false))
            return
        }
    }

    /// A checkout removes a spec and writes it again: both are changes, and
    /// the new file is watched as the old one was.
    @Test func aSpecRemovedAndWrittenAgainIsSeenEachTime() async throws {
        let watching = try Watching(["live.yaml": "one"], watching: ["live.yaml"])
        watching.watcher.start()
        try FileManager.default.removeItem(at: watching.url("live.yaml"))
        await Self.expectChange(watching, showing: "")
        try "two".write(to: watching.url("live.yaml"), atomically: false, encoding: .utf8)
        await Self.expectChange(watching, showing: "live.yaml=two")
        try "three".write(to: watching.url("live.yaml"), atomically: false, encoding: .utf8)
        await Self.expectChange(watching, showing: "live.yaml=three")
    }

    /// A WireMock root: a mapping in a folder made after the watch began,
    /// then that mapping edited (seen only if the new folder is watched too).
    @Test func aMappingInANewFolderOfAWatchedRootIsSeen() async throws {
        let watching = try Watching(["root/mappings/a.json": "{}"], watching: ["root"])
        watching.watcher.start()
        try FileManager.default.createDirectory(at: watching.url("root/mappings/more"), withIntermediateDirectories: true)
        try "{}".write(to: watching.url("root/mappings/more/b.json"), atomically: false, encoding: .utf8)
        await Self.expectChange(watching, showing: "root/mappings/a.json={};root/mappings/more/b.json={}")
        try "{ }".write(to: watching.url("root/mappings/more/b.json"), atomically: false, encoding: .utf8)
        await Self.expectChange(watching, showing: "root/mappings/a.json={};root/mappings/more/b.json={ }")
    }

    /// A spec in a folder that does not exist has nothing to watch: the
    /// watcher compares on its timer instead, and lets its descriptor go.
    @Test func aSpecWithNoFolderIsPolled() {
        let watcher = SpecWatcher(paths: ["/nonexistent-\(UUID().uuidString)/live.yaml"]) {}
        #expect(watcher.start() == .polled)
    }

    /// Waits for a look that finds a change and sees the folder holding
    /// `files` (a save may be seen in steps, each a change); each change
    /// found on the way must be an event's on Linux, not the timer's.
    private static func expectChange(_ watching: Watching, showing files: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        for await seen in watching.looks where seen.look.changed {
            if expectedMode == .notified {
                #expect(seen.look.prompted, "the change was found by the timer, not at the kernel's word", sourceLocation: sourceLocation)
            }
            if seen.files == files { return }
        }
        Issue.record("the watcher stopped looking before it saw \(files)", sourceLocation: sourceLocation)
    }
}
