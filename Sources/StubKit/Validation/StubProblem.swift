/// One thing wrong with a stub, wherever it was declared: in Swift (a bad
/// pattern, a stub that can never match) or in a file a reader translated
/// (a spec's misspelled key, a fixture that escapes its folder). Printed the
/// way compilers print, so editors jump to it:
///
/// ```text
/// LoginTests.swift:12:5: error: GET /me: can never match: …
/// specs/shop.yaml:12:7: error: stubs[2].response.status: expected an integer, got "OK"
/// ```
///
/// Every format's reader reports this one value (an OpenAPI document's
/// problem too; thrown alone where a reader stops at the first).
public struct StubProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// How much it matters, printed where compilers print theirs.
    public enum Severity: String, Sendable, Hashable {
        /// Refused: the stubs do not load (the default).
        case error
        /// Loaded without it: a mapping `--lenient` skipped, say.
        case warning
        /// For information: what an export rendered, what a pact leaves out.
        case note
    }

    /// Where: the stub's declaration, or the line and column in the file.
    public var location: CodeLocation
    /// What the problem is about: a stub's pattern in short (`GET /me`) or a
    /// key path in a file (`stubs[2].response.status`); empty for the file as a whole.
    public var subject: String
    /// What is wrong.
    public var message: String
    /// An error unless said otherwise.
    public var severity: Severity

    /// Creates a problem.
    public init(location: CodeLocation, subject: String, message: String, severity: Severity = .error) {
        self.location = location
        self.subject = subject
        self.message = message
        self.severity = severity
    }

    /// The same problem at `severity`.
    public func with(_ severity: Severity) -> StubProblem {
        var copy = self
        copy.severity = severity
        return copy
    }

    /// A problem in the file `file` (as a reader names it) at `line` and
    /// `column`, under `key`: a key path such as `stubs[2].response.status`
    /// or a JSON pointer; empty for the file as a whole.
    public init(file: String, line: Int, column: Int, key: String, message: String) {
        self.init(location: CodeLocation(fileID: file, line: line, column: column), subject: key, message: message)
    }

    /// A problem at a JSON pointer of a document not yet placed in a file
    /// (a part of a pact read alone); a reader that knows the file gives it
    /// its line and column.
    public init(pointer: String, message: String) {
        self.init(location: CodeLocation(fileID: "", line: 0, column: 0, pointer: pointer), subject: pointer, message: message)
    }

    /// A problem with `stub`, at its declaration.
    public init(_ stub: Stub, _ message: String) {
        self.init(location: stub.location, subject: stub.request.description, message: message)
    }

    /// `file:line:column: error: subject: message` (`warning:`, `note:` by
    /// its severity): the one way every reader, the command line, the admin
    /// API's 422 bodies and the test library print a problem.
    /// A problem at a pointer alone reads `/interactions/0/request: message`.
    public var description: String {
        guard !location.fileID.isEmpty || location.line > 0 else { return "\(subject.isEmpty ? "/" : subject): \(message)" }
        return "\(location): \(severity.rawValue): " + (subject.isEmpty ? "" : "\(subject): ") + message
    }
}

extension StubProblem {
    /// The file, as `OpenAPIError` named it.
    @available(*, deprecated, renamed: "location.fileID")
    public var file: String { location.fileID }
    /// The line, as `OpenAPIError` named it.
    @available(*, deprecated, renamed: "location.line")
    public var line: Int { location.line }
    /// The column, as `OpenAPIError` named it.
    @available(*, deprecated, renamed: "location.column")
    public var column: Int { location.column }
    /// The key or pointer, as `OpenAPIError` named it.
    @available(*, deprecated, renamed: "subject")
    public var key: String { subject }
    /// The JSON pointer, as `PactError` named it.
    @available(*, deprecated, renamed: "subject")
    public var pointer: String { subject }
}

/// Stubs that cannot be served: every problem found, in declaration (or
/// file) order. Thrown by `StubSet`, `StubServer.start` and every reader
/// of stub files (StubSpec and the foreign formats).
public struct StubValidationError: Error, Sendable, CustomStringConvertible {
    /// The problems.
    public var problems: [StubProblem]

    /// Creates the error.
    public init(problems: [StubProblem]) { self.problems = problems }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
