// The DSL's request starters: one function per method, each recording where
// it was called. A path with `{…}` is a template with captures.

/// A stub for `GET path`.
public func Get(_ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Stub {
    Stub(.get, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for `HEAD path`.
public func Head(_ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Stub {
    Stub(.head, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for `POST path`.
public func Post(_ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Stub {
    Stub(.post, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for `PUT path`.
public func Put(_ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Stub {
    Stub(.put, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for `PATCH path`.
public func Patch(_ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Stub {
    Stub(.patch, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for `DELETE path`.
public func Delete(_ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Stub {
    Stub(.delete, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for `OPTIONS path`.
public func Options(_ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Stub {
    Stub(.options, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for any method on `path`.
public func Route(
    _ path: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Stub {
    Stub(nil, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub for `method` (such as `"PROPFIND"`) on `path`; `nil` means any method.
public func Route(
    _ method: HTTPMethod?, _ path: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Stub {
    Stub(method, path, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A stub whose path matches a regular expression (whole path; named groups are captures).
public func Route(
    _ method: HTTPMethod? = nil, matching regex: TextPattern,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Stub {
    Stub(request: RequestPattern(method: method, path: .regex(regex)),
         fileID: fileID, filePath: filePath, line: line, column: column)
}
