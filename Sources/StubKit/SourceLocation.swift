/// Where in the user's source a stub or assertion was written.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The `#fileID` of the declaration, for example `MyTests/LoginTests.swift`.
    public var fileID: String
    /// The `#filePath` of the declaration; empty when unknown (spec files).
    public var filePath: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a location; the defaults capture the caller's position.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(fileID):\(line):\(column)" }
}
