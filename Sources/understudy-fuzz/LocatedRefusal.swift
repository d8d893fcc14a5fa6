import StubKit

/// What every reader's refusal must be: at least one problem, each naming
/// the file, a line and a column. Anything else is a finding.
enum LocatedRefusal {
    static func check(_ error: StubValidationError, file name: String) {
        precondition(!error.problems.isEmpty, "a StubValidationError with no problem")
        for problem in error.problems {
            precondition(problem.location.fileID == name && problem.location.line >= 1 && problem.location.column >= 1,
                         "a problem without its place: \(problem)")
        }
        _ = error.description
    }
}
