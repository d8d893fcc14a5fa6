public import Foundation

/// Why a recording was not written: a secret would have been in it, or the
/// folder could not be written.
public enum RecordingNotSaved: Error, Sendable, CustomStringConvertible {
    /// Values seen where credentials go would still be in these places.
    case secretsFound([SecretScan.Finding])
    /// A stub could not be written, or the folder not.
    case unwritable(String)

    /// What happened, one finding per line.
    public var description: String {
        switch self {
        case .secretsFound(let findings):
            return "the recording was not written: values seen where credentials go would still be in it "
                + "(drop them or make them placeholders in the recording rules):\n" + findings.map { "  \($0)" }.joined(separator: "\n")
        case .unwritable(let reason):
            return "the recording was not written: \(reason)"
        }
    }
}

extension Recording {
    /// Writes the spec (`specName`) and its fixtures into `folder` (created
    /// when missing), after a secret scan that writes nothing when a value
    /// seen where credentials go would still be in a file.
    ///
    /// - Returns: the files written.
    /// - Throws: ``RecordingNotSaved``.
    @discardableResult
    public func save(in folder: URL, specName: String) throws(RecordingNotSaved) -> [File] {
        let files: [File]
        do {
            files = try self.files(specName: specName)
        } catch {
            throw .unwritable("\(error)")
        }
        let findings = SecretScan.findings(in: files, secrets: secrets)
        guard findings.isEmpty else { throw .secretsFound(findings) }
        do {
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url, options: .atomic)
            }
        } catch {
            throw .unwritable("cannot write into \(folder.path): \(error.localizedDescription)")
        }
        return files
    }
}
