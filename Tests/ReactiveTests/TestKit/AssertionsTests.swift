import Reactive
import ReactiveTest
import XCTest

/// The test kit's assertions fail when, and only when, they must, at the caller's line, with a
/// message that shows both sides.
final class AssertionsTests: FailureCapturingTestCase {
    func testRecordedEventsAssertion_failsOnATimeAlone_showingBothSides() {
        assertPasses { XCTAssertEqual([.next(210, 1), .completed(230)], [Recorded<Event<Int>>.next(210, 1), .completed(230)]) }
        let line: UInt = #line + 1
        assertFails(containing: ["Recorded events differ; first difference at 210", "actual: next(1) @ 210; expected: next(1) @ 220"], atLine: line) { XCTAssertEqual([.next(210, 1), .completed(230)], [Recorded<Event<Int>>.next(220, 1), .completed(230)], line: line) }
        assertFails(containing: ["actual: completed @ 230; expected: nothing"], atLine: line) { XCTAssertEqual([.next(210, 1), .completed(230)], [Recorded<Event<Int>>.next(210, 1)], line: line) }
        assertFails(containing: ["actual: next(1) @ 210; expected: next(2) @ 210"], atLine: line) { XCTAssertEqual([.next(210, 1)], [Recorded<Event<Int>>.next(210, 2)], line: line) }
    }

    func testEventsAssertion() {
        assertPasses { XCTAssertEqual([Event.next(1), .completed], [.next(1), .completed]) }
        let line: UInt = #line
        assertFails(containing: ["Events differ", "✗ 1: completed  |  error(first)"], atLine: line) { XCTAssertEqual([Event<Int>.next(1), .completed], [.next(1), .error(TestError.first)], line: line) }
    }

    func testSubscriptionsAssertion() {
        assertPasses { XCTAssertEqual([Subscription(200, 300)], [Subscription(200, 300)]) }
        let line: UInt = #line
        assertFails(containing: ["Subscriptions differ; first difference at 300", "actual: (200: 300); expected: (200: ∞)"], atLine: line) { XCTAssertEqual([Subscription(200, 300)], [Subscription(200)], line: line) }
    }

    func testSingleEventAssertions_compareErrorsByTypeAndDescription_andTimes() {
        assertPasses { XCTAssertEqual([SingleEvent<Int>.success(1), .failure(TestError.first)], [.success(1), .failure(TestError.first)]) }
        let line: UInt = #line
        assertFails(containing: ["Single events differ", "✗ 0"], atLine: line) { XCTAssertEqual([SingleEvent<Int>.failure(TestError.first)], [.failure(TestError.second)], line: line) }
        assertFails(containing: ["Single events differ", "✗ 0"], atLine: line) { XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(2)], line: line) }
        assertPasses { XCTAssertEqual([Recorded(time: 10, value: SingleEvent<Int>.success(3))], [Recorded(time: 10, value: .success(3))]) }
        assertFails(containing: ["Recorded single events differ; first difference at 10", "actual: success(3) @ 10; expected: success(3) @ 11"], atLine: line) { XCTAssertEqual([Recorded(time: 10, value: SingleEvent<Int>.success(3))], [Recorded(time: 11, value: .success(3))], line: line) }
    }

    func testMaybeEventAssertions() {
        assertPasses { XCTAssertEqual([MaybeEvent<Int>.success(2), .completed], [.success(2), .completed]) }
        let line: UInt = #line
        assertFails(containing: ["Maybe events differ", "✗ 0"], atLine: line) { XCTAssertEqual([MaybeEvent<Int>.success(2)], [.completed], line: line) }
        assertPasses { XCTAssertEqual([Recorded(time: 20, value: MaybeEvent<Int>.completed)], [Recorded(time: 20, value: .completed)]) }
        assertFails(containing: ["Recorded maybe events differ; first difference at 20", "actual: completed @ 20; expected: completed @ 21"], atLine: line) { XCTAssertEqual([Recorded(time: 20, value: MaybeEvent<Int>.completed)], [Recorded(time: 21, value: .completed)], line: line) }
    }

    func testCompletableEventAssertions() {
        assertPasses { XCTAssertEqual([CompletableEvent.error(TestError.second)], [.error(TestError.second)]) }
        let line: UInt = #line
        assertFails(containing: ["Completable events differ", "✗ 0"], atLine: line) { XCTAssertEqual([CompletableEvent.completed], [.error(TestError.first)], line: line) }
        assertPasses { XCTAssertEqual([Recorded(time: 30, value: CompletableEvent.completed)], [Recorded(time: 30, value: .completed)]) }
        assertFails(containing: ["Recorded completable events differ; first difference at 30", "actual: completed @ 30; expected: completed @ 31"], atLine: line) { XCTAssertEqual([Recorded(time: 30, value: CompletableEvent.completed)], [Recorded(time: 31, value: .completed)], line: line) }
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
