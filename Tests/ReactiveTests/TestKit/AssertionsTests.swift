import Reactive
import ReactiveTest
import XCTest

/// The test kit's assertions fail when, and only when, they must, at the caller's line, with a
/// message that shows both sides: each is run with its failures captured instead of recorded.
final class AssertionsTests: ReactiveTestCase {
    private struct CapturedFailure {
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
    private func failures(_ body: () -> Void) -> [CapturedFailure] {
        captured = []
        body()
        defer { captured = nil }
        return captured ?? []
    }

    /// `body` records exactly one failure, at `line`, whose message contains every one of `parts`.
    private func assertFails(containing parts: [String], atLine line: UInt, file: StaticString = #filePath, testLine: UInt = #line, _ body: () -> Void) {
        let recorded = failures(body)
        XCTAssertEqual(recorded.count, 1, "failures: \(recorded.map(\.description))", file: file, line: testLine)
        guard let failure = recorded.first else { return }
        XCTAssertEqual(failure.line, Int(line), "reported at the assertion's line", file: file, line: testLine)
        for part in parts {
            XCTAssertTrue(failure.description.contains(part), "«\(part)» missing from: \(failure.description)", file: file, line: testLine)
        }
    }

    private func assertPasses(file: StaticString = #filePath, line: UInt = #line, _ body: () -> Void) {
        let recorded = failures(body)
        XCTAssertTrue(recorded.isEmpty, "unexpected failures: \(recorded.map(\.description))", file: file, line: line)
    }

    func testRecordedEventsAssertion_failsOnATimeAlone_showingBothSides() {
        assertPasses { XCTAssertEqual([.next(210, 1), .completed(230)], [Recorded<Event<Int>>.next(210, 1), .completed(230)]) }
        let line: UInt = #line + 1
        assertFails(containing: ["Recorded events differ", "✗ 0: next(1) @ 210  |  next(1) @ 220", "  1: completed @ 230  |  completed @ 230"], atLine: line) { XCTAssertEqual([.next(210, 1), .completed(230)], [Recorded<Event<Int>>.next(220, 1), .completed(230)], line: line) }
        assertFails(containing: ["✗ 1: completed @ 230  |  —"], atLine: line) { XCTAssertEqual([.next(210, 1), .completed(230)], [Recorded<Event<Int>>.next(210, 1)], line: line) }
        assertFails(containing: ["✗ 0: next(1) @ 210  |  next(2) @ 210"], atLine: line) { XCTAssertEqual([.next(210, 1)], [Recorded<Event<Int>>.next(210, 2)], line: line) }
    }

    func testEventsAssertion() {
        assertPasses { XCTAssertEqual([Event.next(1), .completed], [.next(1), .completed]) }
        let line: UInt = #line
        assertFails(containing: ["Events differ", "✗ 1: completed  |  error(first)"], atLine: line) { XCTAssertEqual([Event<Int>.next(1), .completed], [.next(1), .error(TestError.first)], line: line) }
    }

    func testSubscriptionsAssertion() {
        assertPasses { XCTAssertEqual([Subscription(200, 300)], [Subscription(200, 300)]) }
        let line: UInt = #line
        assertFails(containing: ["Subscriptions differ", "✗ 0: (200: 300)  |  (200: ∞)"], atLine: line) { XCTAssertEqual([Subscription(200, 300)], [Subscription(200)], line: line) }
    }

    func testSingleEventAssertions_compareErrorsByTypeAndDescription_andTimes() {
        assertPasses { XCTAssertEqual([SingleEvent<Int>.success(1), .failure(TestError.first)], [.success(1), .failure(TestError.first)]) }
        let line: UInt = #line
        assertFails(containing: ["Single events differ", "✗ 0"], atLine: line) { XCTAssertEqual([SingleEvent<Int>.failure(TestError.first)], [.failure(TestError.second)], line: line) }
        assertFails(containing: ["Single events differ", "✗ 0"], atLine: line) { XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(2)], line: line) }
        assertPasses { XCTAssertEqual([Recorded(time: 10, value: SingleEvent<Int>.success(3))], [Recorded(time: 10, value: .success(3))]) }
        assertFails(containing: ["Recorded single events differ", "✗ 0"], atLine: line) { XCTAssertEqual([Recorded(time: 10, value: SingleEvent<Int>.success(3))], [Recorded(time: 11, value: .success(3))], line: line) }
    }

    func testMaybeEventAssertions() {
        assertPasses { XCTAssertEqual([MaybeEvent<Int>.success(2), .completed], [.success(2), .completed]) }
        let line: UInt = #line
        assertFails(containing: ["Maybe events differ", "✗ 0"], atLine: line) { XCTAssertEqual([MaybeEvent<Int>.success(2)], [.completed], line: line) }
        assertPasses { XCTAssertEqual([Recorded(time: 20, value: MaybeEvent<Int>.completed)], [Recorded(time: 20, value: .completed)]) }
        assertFails(containing: ["Recorded maybe events differ", "✗ 0"], atLine: line) { XCTAssertEqual([Recorded(time: 20, value: MaybeEvent<Int>.completed)], [Recorded(time: 21, value: .completed)], line: line) }
    }

    func testCompletableEventAssertions() {
        assertPasses { XCTAssertEqual([CompletableEvent.error(TestError.second)], [.error(TestError.second)]) }
        let line: UInt = #line
        assertFails(containing: ["Completable events differ", "✗ 0"], atLine: line) { XCTAssertEqual([CompletableEvent.completed], [.error(TestError.first)], line: line) }
        assertPasses { XCTAssertEqual([Recorded(time: 30, value: CompletableEvent.completed)], [Recorded(time: 30, value: .completed)]) }
        assertFails(containing: ["Recorded completable events differ", "✗ 0"], atLine: line) { XCTAssertEqual([Recorded(time: 30, value: CompletableEvent.completed)], [Recorded(time: 31, value: .completed)], line: line) }
    }

    func testAssertRecordedElements_comparesElementsIgnoringTimes_andFailsOnATerminal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        assertPasses { XCTAssertRecordedElements(res.events, [10, 20]) }
        let line: UInt = #line
        assertFails(containing: ["Recorded elements differ", "✗ 1: 20  |  30"], atLine: line) { XCTAssertRecordedElements(res.events, [10, 30], line: line) }
        assertFails(containing: ["Recorded elements differ", "✗ 2: —  |  30"], atLine: line) { XCTAssertRecordedElements(res.events, [10, 20, 30], line: line) }
        assertFails(containing: ["A terminal event was recorded", "completed @ 230"], atLine: line) { XCTAssertRecordedElements([.next(210, 10), .completed(230)], [10], line: line) }
    }

    func testLeakCheck_failsNamingTheLeak_andPassesOnceReleased() {
        #if DEBUG
        let subject = PublishSubject<Int>()
        let check = LeakCheck()
        do {
            let subscription = subject.subscribe()
            let line: UInt = #line
            assertFails(containing: ["Resource leak:"], atLine: line) { check.assertNoLeaks(timeout: 0.05, line: line) }
            subscription.dispose()
        }
        assertPasses { check.assertNoLeaks() }
        #endif
    }
}
