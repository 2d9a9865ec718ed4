import Reactive
import ReactiveTest
import XCTest

/// RxTest's assertions and equalities for traits' events.
final class AssertionsTests: ReactiveTestCase {
    func testTraitEventEquality_andAssertions() {
        XCTAssertTrue(MaybeEvent.success(1) == MaybeEvent.success(1))
        XCTAssertFalse(MaybeEvent.success(1) == MaybeEvent<Int>.completed)
        XCTAssertTrue(MaybeEvent<Int>.error(TestError.first) == MaybeEvent<Int>.error(TestError.first))
        XCTAssertFalse(MaybeEvent<Int>.error(TestError.first) == MaybeEvent<Int>.error(TestError.second))
        XCTAssertTrue(CompletableEvent.completed == CompletableEvent.completed)
        XCTAssertFalse(CompletableEvent.error(TestError.first) == CompletableEvent.completed)
        XCTAssertEqual([SingleEvent<Int>.success(1), .failure(TestError.first)], [.success(1), .failure(TestError.first)])
        XCTAssertEqual([MaybeEvent<Int>.success(2), .completed], [.success(2), .completed])
        XCTAssertEqual([CompletableEvent.error(TestError.second)], [.error(TestError.second)])
        XCTAssertEqual([Recorded(time: 10, value: SingleEvent<Int>.success(3))], [Recorded(time: 10, value: .success(3))])
        XCTAssertEqual([Recorded(time: 20, value: MaybeEvent<Int>.completed)], [Recorded(time: 20, value: .completed)])
        XCTAssertEqual([Recorded(time: 30, value: CompletableEvent.completed)], [Recorded(time: 30, value: .completed)])
        XCTAssertEqual(Set([Subscription(200, 300), Subscription(200, 300), Subscription(100)]).count, 2)
    }

    func testAssertRecordedElements_comparesElementsIgnoringTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertRecordedElements(res.events, [10, 20])
    }
}
