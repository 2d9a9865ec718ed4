import Reactive
import XCTest

/// Asserts that two event arrays are equal, printing both side by side when they are not.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n\(describeDifference(lhs, rhs))", file: file, line: line)
}

/// Asserts that two recorded event arrays are equal (times and events), printing both when not.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail("Recorded events differ:\n\(describeDifference(lhs, rhs))", file: file, line: line)
}

/// Asserts that two subscription arrays are equal, printing both when not.
public func XCTAssertEqual(_ lhs: [Subscription], _ rhs: [Subscription], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail("Subscriptions differ:\n\(describeDifference(lhs, rhs))", file: file, line: line)
}

func describeDifference<T: Equatable>(_ lhs: [T], _ rhs: [T]) -> String {
    var lines: [String] = []
    for index in 0..<max(lhs.count, rhs.count) {
        let left = index < lhs.count ? String(reflecting: lhs[index]) : "—"
        let right = index < rhs.count ? String(reflecting: rhs[index]) : "—"
        let same = index < lhs.count && index < rhs.count && lhs[index] == rhs[index]
        lines.append("\(same ? " " : "✗") \(index): \(left)  |  \(right)")
    }
    return lines.joined(separator: "\n")
}
