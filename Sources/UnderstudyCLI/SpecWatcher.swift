package import Foundation

/// Watches files for changes by modification date and size, on a timer, and
/// calls back once per change.
package final class SpecWatcher: @unchecked Sendable {
    private let paths: [String]
    private let onChange: @Sendable () -> Void
    private var stamps: [String: String] = [:]
    private var timer: (any DispatchSourceTimer)?
    private let queue = DispatchQueue(label: "understudy.spec-watcher")

    /// Watches `paths`; `onChange` runs on a private queue after any of them changes.
    package init(paths: [String], onChange: @escaping @Sendable () -> Void) {
        self.paths = paths
        self.onChange = onChange
        self.stamps = Self.stamps(of: paths)
    }

    /// Starts polling every `interval`.
    package func start(every interval: DispatchTimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let now = Self.stamps(of: self.paths)
            if now != self.stamps {
                self.stamps = now
                self.onChange()
            }
        }
        timer.resume()
        self.timer = timer
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

    private static func stamp(_ path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        return "\(date)/\(size)"
    }
}
