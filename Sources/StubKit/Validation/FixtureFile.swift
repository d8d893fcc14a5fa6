public import Foundation

/// Reads fixture files without letting a path escape its folder.
public enum FixtureFile {
    /// Why a fixture cannot be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the path and the folder.
        public let description: String
    }

    /// The contents of `path`, relative to `folder`. Absolute paths, `..` that
    /// climbs out, and symbolic links that point outside are refused.
    ///
    /// - Throws: ``Failure``.
    public static func read(_ path: String, in folder: URL) throws -> Data {
        guard !path.hasPrefix("/") else {
            throw Failure(description: "fixture \"\(path)\" must be a path relative to \(folder.path)")
        }
        let (root, file) = located(path, in: folder)
        guard inside(file, root) else {
            throw Failure(description: "fixture \"\(path)\" resolves to \(file.path), outside the fixtures folder \(root.path)")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw Failure(description: "cannot read fixture \"\(path)\" at \(file.path): \((error as NSError).localizedDescription)")
        }
    }

    /// Where `path` is below `folder`, or `nil` when it is absolute or
    /// resolves outside (the checks of ``read(_:in:)``, without reading).
    public static func resolve(_ path: String, in folder: URL) -> URL? {
        guard !path.hasPrefix("/") else { return nil }
        let (root, file) = located(path, in: folder)
        return inside(file, root) ? file : nil
    }

    /// The folder and the file, links resolved.
    private static func located(_ path: String, in folder: URL) -> (root: URL, file: URL) {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        return (root, root.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath())
    }

    private static func inside(_ file: URL, _ root: URL) -> Bool {
        file.path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/")
    }
}
