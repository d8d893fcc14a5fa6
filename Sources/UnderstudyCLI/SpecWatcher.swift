package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches spec files (and folders of them, such as a WireMock root) and
/// calls back once per change: what `understudy serve --watch` reloads on.
///
/// Where the kernel says when files change (Linux), the watcher looks only
/// then, a moment after the last event so that a save in several steps is
/// seen whole, and once every ``recheck`` besides, for file systems that do
/// not report every change (network and some container mounts). Elsewhere
/// it looks every ``poll``. Looking compares each file's modification date
/// and size with what it saw last, so an event for another file in the same
/// folder (an editor's swap file) calls nothing back. A file saved by
/// renaming a new one over it counts as changed even at the same size.
package final class SpecWatcher: @unchecked Sendable {
    /// How the watcher learns that a file may have changed.
    package enum Mode: Sendable, Equatable {
        /// The kernel tells it; it also looks every ``SpecWatcher/recheck``.
        case notified
        /// It looks every ``SpecWatcher/poll``.
        case polled
    }

    /// How long the watcher waits after the last event before it looks.
    package static let settle: DispatchTimeInterval = .milliseconds(20)
    /// How often a notified watcher looks without being told to.
    package static let recheck: DispatchTimeInterval = .seconds(2)
    /// How often a watcher the kernel tells nothing looks.
    package static let poll: DispatchTimeInterval = .milliseconds(200)

    /// One comparison of the files with what the watcher saw last.
    package struct Look: Sendable, Equatable {
        /// Whether a file event prompted it, rather than the timer.
        package var prompted: Bool
        /// Whether a file had changed, so that `onChange` ran.
        package var changed: Bool

        /// A look, prompted by an event or not, that found a change or not.
        package init(prompted: Bool, changed: Bool) {
            self.prompted = prompted
            self.changed = changed
        }
    }

    private let paths: [String]
    private let onChange: @Sendable () -> Void
    private let onLook: (@Sendable (Look) -> Void)?
    private let recheckEvery: DispatchTimeInterval
    private let queue = DispatchQueue(label: "understudy.spec-watcher")
    // Confined to `queue` once started.
    private var stamps: [String: String] = [:]
    private var timer: (any DispatchSourceTimer)?
    private var notifier: FileChangeNotifier?
    private var pendingLook: DispatchWorkItem?
    private var started: Mode?

    /// Watches `paths`; `onChange` runs on a private queue after any of them
    /// changes, and `onLook` (for a test to wait on) after every comparison.
    /// A notified watcher also looks every `recheck`.
    package init(paths: [String], recheck: DispatchTimeInterval = SpecWatcher.recheck, onLook: (@Sendable (Look) -> Void)? = nil,
                 onChange: @escaping @Sendable () -> Void) {
        self.paths = paths
        self.recheckEvery = recheck
        self.onLook = onLook
        self.onChange = onChange
        self.stamps = Self.stamps(of: paths)
    }

    /// Starts watching: notified by the kernel where it can be, polling otherwise.
    /// Returns how; a second call changes nothing.
    @discardableResult
    package func start() -> Mode {
        queue.sync {
            if let started { return started }
            let notifier = FileChangeNotifier(paths: paths, queue: queue) { [weak self] in self?.lookSoon() }
            self.notifier = notifier
            let mode: Mode = notifier == nil ? .polled : .notified
            let interval = mode == .notified ? recheckEvery : Self.poll
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: mode == .notified ? .milliseconds(500) : .milliseconds(20))
            timer.setEventHandler { [weak self] in self?.look(prompted: false) }
            timer.resume()
            self.timer = timer
            started = mode
            return mode
        }
    }

    deinit { timer?.cancel() }

    /// Looks a moment after the last of a burst of events.
    private func lookSoon() {
        pendingLook?.cancel()
        let look = DispatchWorkItem { [weak self] in self?.look(prompted: true) }
        pendingLook = look
        queue.asyncAfter(deadline: .now() + Self.settle, execute: look)
    }

    private func look(prompted: Bool) {
        if prompted { pendingLook = nil }
        let now = Self.stamps(of: paths)
        let changed = now != stamps
        if changed {
            stamps = now
            // A folder made anew (a checkout that removed it) or made since is watched again.
            for path in paths { notifier?.arm(path) }
            onChange()
        }
        onLook?(Look(prompted: prompted, changed: changed))
    }

    private static func stamps(of paths: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for path in paths {
            result[path] = stamp(path)
            // A folder (a WireMock root) changes when any file under it does.
            if let files = FileManager.default.enumerator(atPath: path) {
                for case let file as String in files { result[path + "/" + file] = stamp(path + "/" + file) }
            }
        }
        return result
    }

    /// A file's modification time, size and file number (`stat`, which
    /// reads no user or group names as Foundation's attributes do).
    private static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        // A file saved by renaming a new one over it is a new file, even in the same clock tick at the same size.
        return "\(modified.tv_sec).\(modified.tv_nsec)/\(info.st_size)/\(info.st_ino)"
    }
}
