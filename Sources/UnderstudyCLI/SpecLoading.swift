import Foundation
public import StubKit
public import StubSpec

/// Spec files named on the command line, loaded together.
public struct SpecLoading: Sendable {
    /// The specs that loaded, in the order given.
    public var specs: [StubSpec] = []
    /// Every problem of every spec that did not.
    public var problems: [StubProblem] = []

    /// Loads each of `paths` (relative to the current directory).
    public init(paths: [String]) {
        for path in paths {
            do {
                specs.append(try StubSpec.load(URL(fileURLWithPath: path), name: path))
            } catch let error as StubValidationError {
                problems += error.problems
            } catch {
                problems.append(StubProblem(file: path, line: 1, column: 1, key: "", message: "\(error)"))
            }
        }
    }

    /// All stubs, spec by spec.
    public var stubs: [Stub] { specs.flatMap(\.stubs) }
}
