public import StubSpec
import StubKit

/// What `understudy lint` finds beyond loading: stubs that can never answer.
public enum SpecLint {
    /// Duplicate ids. (Shadowed and duplicate stubs, and patterns that cannot
    /// work, are already refused when the spec loads, as the server refuses them.)
    public static func problems(in spec: StubSpec) -> [SpecProblem] {
        var found: [SpecProblem] = []
        let stubs = spec.stubs
        var ids: [String: Stub] = [:]
        for stub in stubs {
            if let earlier = ids[stub.id.rawValue] {
                found.append(problem(spec, stub, "duplicate id \"\(stub.id)\" (first at line \(earlier.location.line))"))
            }
            ids[stub.id.rawValue] = ids[stub.id.rawValue] ?? stub
        }
        return found
    }

    private static func problem(_ spec: StubSpec, _ stub: Stub, _ message: String) -> SpecProblem {
        SpecProblem(file: spec.name, line: stub.location.line, column: stub.location.column, key: "", message: message)
    }
}
