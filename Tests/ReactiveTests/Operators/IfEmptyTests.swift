import Reactive
import ReactiveTest
import XCTest

final class IfEmptyTests: ReactiveTestCase {
    func testIfEmptyDefault_sendsDefaultOnlyWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        XCTAssertEqual(scheduler.start { empty.ifEmpty(default: 7) }.events, [.next(300, 7), .completed(300)])
        let nonEmpty = scheduler.createHotObservable([.next(1210, 1), .completed(1300)])
        XCTAssertEqual(scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { nonEmpty.ifEmpty(default: 7) }.events, [.next(1210, 1), .completed(1300)])
    }

    func testIfEmptySwitchTo_subscribesOtherOnlyWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        let other = scheduler.createColdObservable([.next(10, 8), .completed(20)])
        let res = scheduler.start { empty.ifEmpty(switchTo: other.asObservable()) }
        XCTAssertEqual(res.events, [.next(310, 8), .completed(320)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(300, 320)])
    }

    func testIfEmpty_errorAndDisposeDuringOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(300, TestError.first)])
        XCTAssertEqual(scheduler.start { failing.ifEmpty(default: 1) }.events, [.error(300, TestError.first)])
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(1300)])
        let other = scheduler.createColdObservable([.next(10, 8), .next(200, 9)])
        let res = scheduler.start(created: 1100, subscribed: 1200, disposed: 1400) { empty.ifEmpty(switchTo: other.asObservable()) }
        XCTAssertEqual(res.events, [.next(1310, 8)])
        XCTAssertEqual(other.subscriptions, [Subscription(1300, 1400)])
    }

    func testIfEmptySwitchTo_sourceCompletingInsideSubscribe_keepsOther() {
        XCTAssertEqual(Observable<Int>.empty().ifEmpty(switchTo: .of(6)).toEvents(), [.next(6), .completed])
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { Observable<Int>.empty().ifEmpty(switchTo: $0) }
    }

}
