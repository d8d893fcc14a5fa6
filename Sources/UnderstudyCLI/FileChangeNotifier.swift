import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The kernel's word that something under a set of paths changed (Linux:
/// inotify), so a ``SpecWatcher`` looks only then instead of on a timer.
///
/// Each file's folder is watched, not the file alone: editors that save by
/// writing a new file and renaming it over the old one replace the file's
/// inode, and a watch on the old one would go quiet. A folder given (a
/// WireMock root) is watched with every folder under it, and a folder made
/// in it later is watched as it appears. What the events say is not
/// trusted beyond "look now": the watcher compares what it sees.
///
/// Confined to the queue it was made for. `nil` where the kernel offers no
/// such notification (outside Linux) or refuses one (inotify's limits).
final class FileChangeNotifier {
    #if os(Linux)
    private let descriptor: Int32
    private let source: any DispatchSourceRead
    /// The watched folders, by watch descriptor.
    private var folders: [Int32: String] = [:]
    private var buffer = [UInt8](repeating: 0, count: 16 << 10)

    /// What a folder's watch reports: its entries made, removed, renamed,
    /// written, closed after writing or changed in their attributes, and the
    /// folder itself removed or moved.
    private static let events = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
    #endif

    /// Watches what `paths` name, calling `changed` on `queue` after each batch of events.
    init?(paths: [String], queue: DispatchQueue, changed: @escaping () -> Void) {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setCancelHandler { close(descriptor) }
        for path in paths { arm(path) }
        guard !folders.isEmpty else {
            // Active, so that deinit's cancel may release it (an inactive source may not be), and closes the descriptor.
            source.resume()
            return nil
        }
        source.setEventHandler { [weak self] in
            guard let self else { return }
            if self.drain() { changed() }
        }
        source.resume()
        #else
        return nil
        #endif
    }

    /// Watches the folder `path` is in (and `path` itself when it is a
    /// folder, with the folders under it); again after a change, for
    /// folders made since or a spec whose folder was made anew.
    func arm(_ path: String) {
        #if os(Linux)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists, isFolder.boolValue {
            watchTree(path)
        } else {
            watch((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
            // A spec reached through a symbolic link changes where the link points.
            let resolved = (path as NSString).resolvingSymlinksInPath
            if resolved != path { watch((resolved as NSString).deletingLastPathComponent) }
        }
        #endif
    }

    #if os(Linux)
    deinit { source.cancel() }

    private func watchTree(_ folder: String) {
        watch(folder)
        guard let entries = FileManager.default.enumerator(atPath: folder) else { return }
        for case let entry as String in entries {
            var isFolder: ObjCBool = false
            let path = folder + "/" + entry
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { watch(path) }
        }
    }

    private func watch(_ folder: String) {
        let id = inotify_add_watch(descriptor, folder, Self.events)
        if id >= 0 { folders[id] = folder }
    }

    /// Reads every event waiting, watching each folder made under a watched
    /// one; true when there was any.
    private func drain() -> Bool {
        var any = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            any = true
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (id, mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = folders[id] {
                    let name = buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
                    watchTree(parent + "/" + String(decoding: name, as: UTF8.self))
                }
                if mask & UInt32(IN_IGNORED) != 0 { folders.removeValue(forKey: id) }
                offset = nameStart + length
            }
        }
        return any
    }
    #endif
}
