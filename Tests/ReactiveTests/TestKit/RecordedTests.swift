import Foundation
import Reactive
import ReactiveTest
import XCTest

/// The test kit's equalities, on which every assertion of every suite rests: a recorded event
/// equals another only with the same time and an equal event, and each event form compares
/// elements, terminals and errors (by type and description).
final class RecordedTests: ReactiveTestCase {
    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct OtherFailure: Error, CustomStringConvertible {
        let description: String
    }

    func testRecordedEvent_equalOnlyWithTheSameTimeAndAnEqualEvent() {
        let base: Recorded<Event<Int>> = .next(210, 1)
        XCTAssertTrue(base == .next(210, 1))
        XCTAssertFalse(base == .next(211, 1), "another time")
        XCTAssertFalse(base == .next(209, 1), "another time")
        XCTAssertFalse(base == .next(210, 2), "another element")
        XCTAssertFalse(base == .completed(210), "another kind")
        XCTAssertFalse(base == .error(210, TestError.first), "another kind")

        XCTAssertTrue(Recorded<Event<Int>>.completed(250) == .completed(250))
        XCTAssertFalse(Recorded<Event<Int>>.completed(250) == .completed(251), "another time")
        XCTAssertTrue(Recorded<Event<Int>>.error(250, TestError.first) == .error(250, TestError.first))
        XCTAssertFalse(Recorded<Event<Int>>.error(250, TestError.first) == .error(260, TestError.first), "another time")
        XCTAssertFalse(Recorded<Event<Int>>.error(250, TestError.first) == .error(250, TestError.second), "another error")
    }

    func testRecordedEventArrays_equalOnlyElementForElement() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(230)]
        XCTAssertTrue(events == [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertFalse(events == [.next(210, 1), .next(220, 2)], "one fewer")
        XCTAssertFalse(events == [.next(220, 2), .next(210, 1), .completed(230)], "another order")
        XCTAssertFalse(events == [.next(210, 1), .next(220, 2), .completed(231)], "the last time differs")
    }

    func testRecorded_factoriesSetTimeAndValue() {
        let next: Recorded<Event<String>> = .next(5, "a")
        XCTAssertEqual(next.time, 5)
        XCTAssertEqual(next.value, .next("a"))
        XCTAssertEqual(Recorded<Event<String>>.completed(6).time, 6)
        XCTAssertEqual(Recorded<Event<String>>.completed(6).value, .completed)
        let error = Recorded<Event<String>>.error(7, TestError.second)
        XCTAssertEqual(error.time, 7)
        XCTAssertEqual(error.value, .error(TestError.second))
        XCTAssertEqual(Recorded(time: 8, value: 3), Recorded(time: 8, value: 3))
        XCTAssertNotEqual(Recorded(time: 8, value: 3), Recorded(time: 9, value: 3))
        XCTAssertNotEqual(Recorded(time: 8, value: 3), Recorded(time: 8, value: 4))
    }

    func testEvent_equality() {
        XCTAssertEqual(Event.next(1), Event.next(1))
        XCTAssertNotEqual(Event.next(1), Event.next(2))
        XCTAssertEqual(Event<Int>.completed, Event<Int>.completed)
        XCTAssertNotEqual(Event.next(1), Event<Int>.completed)
        XCTAssertNotEqual(Event<Int>.completed, Event<Int>.error(TestError.first))
        XCTAssertEqual(Event<Int>.error(TestError.first), Event<Int>.error(TestError.first))
        XCTAssertNotEqual(Event<Int>.error(TestError.first), Event<Int>.error(TestError.second))
    }

    func testErrors_matchByTypeAndDescription() {
        XCTAssertEqual(Event<Int>.error(Failure(description: "x")), .error(Failure(description: "x")))
        XCTAssertNotEqual(Event<Int>.error(Failure(description: "x")), .error(Failure(description: "y")), "another description")
        XCTAssertNotEqual(Event<Int>.error(Failure(description: "x")), .error(OtherFailure(description: "x")), "another type, same description")
        XCTAssertEqual(Event<Int>.error(NSError(domain: "d", code: 1)), .error(NSError(domain: "d", code: 1)))
        XCTAssertNotEqual(Event<Int>.error(NSError(domain: "d", code: 1)), .error(NSError(domain: "d", code: 2)))
    }

    func testMaybeEvent_equality() {
        XCTAssertTrue(MaybeEvent.success(1) == .success(1))
        XCTAssertFalse(MaybeEvent.success(1) == .success(2))
        XCTAssertTrue(MaybeEvent<Int>.completed == .completed)
        XCTAssertFalse(MaybeEvent.success(1) == .completed)
        XCTAssertFalse(MaybeEvent<Int>.completed == .error(TestError.first))
        XCTAssertTrue(MaybeEvent<Int>.error(TestError.first) == .error(TestError.first))
        XCTAssertFalse(MaybeEvent<Int>.error(TestError.first) == .error(TestError.second))
        XCTAssertTrue(Recorded(time: 3, value: MaybeEvent.success(1)) == Recorded(time: 3, value: .success(1)))
        XCTAssertFalse(Recorded(time: 3, value: MaybeEvent.success(1)) == Recorded(time: 4, value: .success(1)))
    }

    func testCompletableEvent_equality() {
        XCTAssertTrue(CompletableEvent.completed == .completed)
        XCTAssertFalse(CompletableEvent.completed == .error(TestError.first))
        XCTAssertTrue(CompletableEvent.error(TestError.first) == .error(TestError.first))
        XCTAssertFalse(CompletableEvent.error(TestError.first) == .error(TestError.second))
        XCTAssertTrue(Recorded(time: 3, value: CompletableEvent.completed) == Recorded(time: 3, value: .completed))
        XCTAssertFalse(Recorded(time: 3, value: CompletableEvent.completed) == Recorded(time: 4, value: .completed))
    }

    func testSubscription_equalOnlyWithBothTimes_andHashesAlike() {
        XCTAssertEqual(Subscription(200, 300), Subscription(200, 300))
        XCTAssertNotEqual(Subscription(200, 300), Subscription(201, 300))
        XCTAssertNotEqual(Subscription(200, 300), Subscription(200, 301))
        XCTAssertEqual(Subscription(200), Subscription(200, Int.max), "still subscribed")
        XCTAssertNotEqual(Subscription(200), Subscription(200, 1000))
        XCTAssertEqual(Set([Subscription(200, 300), Subscription(200, 300), Subscription(200)]).count, 2)
        XCTAssertEqual(Subscription(200).subscribe, 200)
        XCTAssertEqual(Subscription(200, 300).unsubscribe, 300)
    }

    func testDescriptions_showValueAndTime() {
        XCTAssertEqual(String(reflecting: Recorded<Event<Int>>.next(210, 1)), "next(1) @ 210")
        XCTAssertEqual(String(reflecting: Recorded<Event<Int>>.completed(230)), "completed @ 230")
        XCTAssertEqual(String(reflecting: Subscription(200, 300)), "(200: 300)")
        XCTAssertEqual(String(reflecting: Subscription(200)), "(200: ∞)")
    }
}
