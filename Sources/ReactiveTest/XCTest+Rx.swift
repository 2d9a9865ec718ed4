import Reactive
import XCTest

/// Asserts that two event arrays are equal, printing both side by side when they are not.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail("Events differ:\n\(describeDifference(lhs, rhs))", file: file, line: line)
}

/// Asserts that two recorded event arrays are equal (times and events); when not, the
/// failure draws both as marble lines on one time axis, `lhs` as "actual" over `rhs` as
/// "expected" (RxTest's order: `XCTAssertEqual(observer.events, [...])`), with the first
/// difference marked. In Swift Testing tests, `expectEqual` does the same.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail(MarbleDrawing.difference("Recorded events differ", actual: lhs, expected: rhs, by: { $0 == $1 }), file: file, line: line)
}

/// Asserts that two subscription arrays are equal; when not, the failure draws each
/// subscription as `^---!` on one time axis, `lhs` as "actual" over `rhs` as "expected".
public func XCTAssertEqual(_ lhs: [Subscription], _ rhs: [Subscription], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail(MarbleDrawing.difference("Subscriptions differ", actual: lhs, expected: rhs), file: file, line: line)
}

/// Asserts that two test logs are equal (`TestScheduler.log`, in order); when not, the failure
/// prints both as aligned lines, `lhs` as "actual" beside `rhs` as "expected", with `✗` at each
/// line that differs.
public func XCTAssertEqual(_ lhs: [TestLogEntry], _ rhs: [TestLogEntry], _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    let note = message()
    XCTFail(TestLogEntry.difference(actual: lhs, expected: rhs) + (note.isEmpty ? "" : "\n" + note), file: file, line: line)
}

/// Asserts that two arrays of `Single` results are equal (errors compare by type and
/// description), printing both when they are not.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs.count == rhs.count && zip(lhs, rhs).allSatisfy({ singleEventsMatch($0, $1) }) { return }
    XCTFail("Single events differ:\n\(describeDifference(lhs, rhs, by: singleEventsMatch))", file: file, line: line)
}

/// Asserts that two arrays of recorded `Single` results are equal (times and results); when
/// not, the failure draws both as marble lines (a success as `(a|)`).
public func XCTAssertEqual<Element: Equatable>(_ lhs: [Recorded<SingleEvent<Element>>], _ rhs: [Recorded<SingleEvent<Element>>], file: StaticString = #filePath, line: UInt = #line) {
    let match = { (a: Recorded<SingleEvent<Element>>, b: Recorded<SingleEvent<Element>>) in a.time == b.time && singleEventsMatch(a.value, b.value) }
    if lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(match) { return }
    XCTFail(MarbleDrawing.difference("Recorded single events differ", actual: lhs, expected: rhs, by: singleEventsMatch), file: file, line: line)
}

/// Asserts that two arrays of `Maybe` events are equal, printing both when they are not.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail("Maybe events differ:\n\(describeDifference(lhs, rhs))", file: file, line: line)
}

/// Asserts that two arrays of recorded `Maybe` events are equal (times and events); when not,
/// the failure draws both as marble lines.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [Recorded<MaybeEvent<Element>>], _ rhs: [Recorded<MaybeEvent<Element>>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail(MarbleDrawing.difference("Recorded maybe events differ", actual: lhs, expected: rhs, by: { $0 == $1 }), file: file, line: line)
}

/// Asserts that two arrays of `Completable` events are equal, printing both when they are not.
public func XCTAssertEqual(_ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail("Completable events differ:\n\(describeDifference(lhs, rhs))", file: file, line: line)
}

/// Asserts that two arrays of recorded `Completable` events are equal (times and events); when
/// not, the failure draws both as marble lines.
public func XCTAssertEqual(_ lhs: [Recorded<CompletableEvent>], _ rhs: [Recorded<CompletableEvent>], file: StaticString = #filePath, line: UInt = #line) {
    if lhs == rhs { return }
    XCTFail(MarbleDrawing.difference("Recorded completable events differ", actual: lhs, expected: rhs, by: { $0 == $1 }), file: file, line: line)
}

/// Asserts that `stream` holds only `next` events, with exactly `elements` (times ignored); a
/// terminal event in it is a failure of its own.
public func XCTAssertRecordedElements<Element: Equatable>(_ stream: [Recorded<Event<Element>>], _ elements: [Element], file: StaticString = #filePath, line: UInt = #line) {
    if let stop = stream.first(where: { $0.value.isStopEvent }) {
        XCTFail("A terminal event was recorded: \(String(reflecting: stop))", file: file, line: line)
        return
    }
    let recorded = stream.compactMap { recorded -> Element? in
        if case .next(let element) = recorded.value { return element }
        return nil
    }
    if recorded == elements { return }
    XCTFail("Recorded elements differ:\n\(describeDifference(recorded, elements))", file: file, line: line)
}

func describeDifference<T: Equatable>(_ lhs: [T], _ rhs: [T]) -> String {
    describeDifference(lhs, rhs, by: { $0 == $1 })
}

func describeDifference<T>(_ lhs: [T], _ rhs: [T], by match: (T, T) -> Bool) -> String {
    var lines: [String] = []
    for index in 0..<max(lhs.count, rhs.count) {
        let left = index < lhs.count ? String(reflecting: lhs[index]) : "—"
        let right = index < rhs.count ? String(reflecting: rhs[index]) : "—"
        let same = index < lhs.count && index < rhs.count && match(lhs[index], rhs[index])
        lines.append("\(same ? " " : "✗") \(index): \(left)  |  \(right)")
    }
    return lines.joined(separator: "\n")
}
