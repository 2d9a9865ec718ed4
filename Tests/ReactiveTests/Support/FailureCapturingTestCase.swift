import XCTest

/// A test case whose failures can be captured instead of recorded, to test the test kit's own
/// assertions: that they fail when, and only when, they must, at the caller's line, with the
/// message they must print.
class FailureCapturingTestCase: ReactiveTestCase {
    struct CapturedFailure {
        let description: String
        let line: Int
    }

    private var captured: [CapturedFailure]?

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if captured != nil {
            captured?.append(CapturedFailure(description: description, line: lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failures `body` records.
    func failures(_ body: () -> Void) -> [CapturedFailure] {
        captured = []
        body()
        defer { captured = nil }
        return captured ?? []
    }

    /// `body` records exactly one failure, at `line`, whose message contains every one of `parts`.
    func assertFails(containing parts: [String], atLine line: UInt, file: StaticString = #filePath, testLine: UInt = #line, _ body: () -> Void) {
        let recorded = failures(body)
        XCTAssertEqual(recorded.count, 1, "failures: \(recorded.map(\.description))", file: file, line: testLine)
        guard let failure = recorded.first else { return }
        XCTAssertEqual(failure.line, Int(line), "reported at the assertion's line", file: file, line: testLine)
        for part in parts {
            XCTAssertTrue(failure.description.contains(part), "«\(part)» missing from: \(failure.description)", file: file, line: testLine)
        }
    }

    func assertPasses(file: StaticString = #filePath, line: UInt = #line, _ body: () -> Void) {
        let recorded = failures(body)
        XCTAssertTrue(recorded.isEmpty, "unexpected failures: \(recorded.map(\.description))", file: file, line: line)
    }

    /// `body` records exactly one failure, at `line`, whose message is exactly `message`.
    func assertFails(withMessage message: String, atLine line: UInt, file: StaticString = #filePath, testLine: UInt = #line, _ body: () -> Void) {
        let recorded = failures(body)
        XCTAssertEqual(recorded.count, 1, "failures: \(recorded.map(\.description))", file: file, line: testLine)
        guard let failure = recorded.first else { return }
        XCTAssertEqual(failure.line, Int(line), "reported at the assertion's line", file: file, line: testLine)
        // XCTFail's failures read "failed - " and the message.
        let shown = failure.description.hasPrefix("failed - ") ? String(failure.description.dropFirst(9)) : failure.description
        XCTAssertEqual(shown, message, "\n--- printed:\n\(shown)\n--- wanted:\n\(message)", file: file, line: testLine)
    }
}
