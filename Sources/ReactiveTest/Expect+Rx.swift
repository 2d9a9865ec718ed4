import Reactive
import Testing

/// Expects two recorded event arrays to be equal (times and events); when they are not,
/// records an issue that draws both as marble lines on one time axis, `actual` over
/// `expected`, with the first difference marked: Swift Testing's counterpart of the test
/// kit's `XCTAssertEqual` (`#expect(a == b)` would print the two arrays whole).
///
/// Returns whether they are equal, as `#expect` does.
@discardableResult
public func expectEqual<Element: Equatable>(_ actual: [Recorded<Event<Element>>], _ expected: [Recorded<Event<Element>>], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if actual == expected { return true }
    let message = MarbleDrawing.difference("Recorded events differ", actual: actual, expected: expected, by: { $0 == $1 })
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return false
}

/// Expects two subscription arrays to be equal; when they are not, records an issue that draws
/// each subscription as `^---!` on one time axis, `actual` over `expected`.
///
/// Returns whether they are equal, as `#expect` does.
@discardableResult
public func expectEqual(_ actual: [Subscription], _ expected: [Subscription], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if actual == expected { return true }
    let message = MarbleDrawing.difference("Subscriptions differ", actual: actual, expected: expected)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return false
}

/// Expects two test logs to be equal (`TestScheduler.log`, in order); when they are not,
/// records an issue that prints both as aligned lines, `actual` beside `expected`, with `✗` at
/// each line that differs.
///
/// Returns whether they are equal, as `#expect` does.
@discardableResult
public func expectEqual(_ actual: [TestLogEntry], _ expected: [TestLogEntry], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if actual == expected { return true }
    Issue.record(Comment(rawValue: TestLogEntry.difference(actual: actual, expected: expected)), sourceLocation: sourceLocation)
    return false
}
