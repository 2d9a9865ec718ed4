import Testing
import XCTest

/// Fails the current test, whichever library runs it: Swift Testing's issue when a Swift Testing
/// test is running, else XCTest's failure.
func recordTestFailure(_ message: String, file: StaticString, fileID: String, line: UInt, column: Int) {
    if Test.current != nil {
        let location = SourceLocation(fileID: fileID, filePath: "\(file)", line: Int(line), column: column)
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    } else {
        XCTFail(message, file: file, line: line)
    }
}
