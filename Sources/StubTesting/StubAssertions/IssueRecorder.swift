package import StubKit
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Records a failure with whichever test framework is running the caller: a
/// Swift Testing issue when a `@Test` is current, else an XCTest failure.
/// The only place that talks to either framework's issue API.
package enum IssueRecorder {
    /// Records `message` at `location`; under Swift Testing, `preferred` (a
    /// stub's declaration, say) is used instead when given, as it is where the
    /// fix belongs. XCTest wants a `StaticString` file, so it always gets `location`
    /// (built by an assertion from its `#filePath` literal).
    package static func record(_ message: String, at location: CodeLocation, preferring preferred: CodeLocation? = nil) {
        #if canImport(Testing)
        if Test.current != nil {
            let place = preferred ?? location
            // Swift Testing wants a `Module/File` file ID and positive numbers.
            let fileID = place.fileID.contains("/") ? place.fileID : "Understudy/\(place.fileID)"
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: Testing.SourceLocation(
                    fileID: fileID, filePath: place.filePath.isEmpty ? fileID : place.filePath,
                    line: max(place.line, 1), column: max(place.column, 1)
                )
            )
            return
        }
        #endif
        #if canImport(XCTest)
        // A location built from strings (not from an assertion's literals) has no
        // `StaticString` path; XCTest then reports at this file, the message naming the place.
        if let file = location.staticFilePath {
            XCTFail(message, file: file, line: UInt(max(location.line, 1)))
        } else {
            XCTFail("\(location): \(message)")
        }
        #else
        print("\(location): error: \(message)")
        #endif
    }
}
