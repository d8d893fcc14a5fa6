public import StubKit

/// Where an assertion, scope or contract clause was written, in the forms both
/// test frameworks want: Swift Testing takes strings and a column, XCTest a
/// `StaticString` file and a line.
public struct AssertionLocation: Sendable, CustomStringConvertible {
    /// `#fileID`.
    public var fileID: StaticString
    /// `#filePath`.
    public var filePath: StaticString
    /// `#line`.
    public var line: UInt
    /// `#column`.
    public var column: UInt

    /// Captures the caller's position.
    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The same place as a StubKit ``SourceLocation``.
    public var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// `file:line:column`.
    public var description: String { sourceLocation.description }
}
