/// Where in the user's source a stub, assertion or clause was written: a
/// Swift file (from `#fileID`, `#filePath`, `#line`, `#column`) or a spec file.
///
/// The one location type of every Understudy module. Its name is not
/// `CodeLocation`, so a test file importing both Swift Testing and
/// StubTesting never has to qualify Testing's.
public struct CodeLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The `#fileID` of the declaration, for example `MyTests/LoginTests.swift`,
    /// or a spec file's name.
    public var fileID: String
    /// The `#filePath` of the declaration; empty when unknown (spec files).
    public var filePath: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// Where in a JSON document the declaration is (`/mappings/2`), for
    /// stubs read from JSON; `nil` otherwise.
    public var pointer: String?
    /// `#filePath` as the compiler gave it, which is what XCTest's failure
    /// API takes; `nil` when the location was built from strings.
    package var staticFilePath: StaticString?

    /// A location from strings: a spec file's name, line and column, say.
    public init(fileID: String, filePath: String = "", line: Int, column: Int, pointer: String? = nil) {
        self.pointer = pointer
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// A location from the literals a caller's default arguments capture:
    /// `fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    /// line: UInt = #line, column: UInt = #column`, the one convention of every
    /// Understudy function that records where it was called (the DSL's `Get`,
    /// assertions, clauses, traits). Forward yours from a helper of your own.
    public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.init(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        self.staticFilePath = filePath
    }

    /// This location's file at another line and column.
    public func moved(toLine line: Int, column: Int) -> CodeLocation {
        var copy = self
        copy.line = line
        copy.column = column
        return copy
    }

    /// `file:line:column`, the form compilers and editors understand, then
    /// the JSON pointer when there is one: `wiremock/mappings/a.json:3:5 /mappings/0`.
    public var description: String { "\(fileID):\(line):\(column)" + (pointer.map { " \($0)" } ?? "") }

    /// Equal when file, path, line and column are; how the location was built does not count.
    public static func == (a: CodeLocation, b: CodeLocation) -> Bool {
        (a.fileID, a.filePath, a.line, a.column, a.pointer) == (b.fileID, b.filePath, b.line, b.column, b.pointer)
    }

    /// Hashes file, path, line and column, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID)
        hasher.combine(filePath)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(pointer)
    }

    private enum CodingKeys: String, CodingKey { case fileID, filePath, line, column, pointer }
}
