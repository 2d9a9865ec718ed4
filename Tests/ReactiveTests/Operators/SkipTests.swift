import Reactive
import ReactiveTest
import XCTest

final class SkipTests: ReactiveTestCase {
    func testSkip_dropsFirstCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.skip(2) }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        let neg = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { xs.skip(-1) }
        XCTAssertEqual(neg.events, [.error(1200, RxError.argumentOutOfRange)])
    }

    func testSkip_errorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        let res = scheduler.start { xs.skip(0) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        let ys = scheduler.createHotObservable([.next(1210, 1), .next(1220, 2), .next(1320, 3)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) { ys.skip(1) }
        XCTAssertEqual(res2.events, [.next(1220, 2)])
        XCTAssertEqual(ys.subscriptions, [Subscription(1200, 1300)])
    }

    func testSkipWhile_stopsCallingPredicateOnceFalse() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
        var calls = 0
        let res = scheduler.start { xs.skip(while: { calls += 1; return $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(230, 5), .next(240, 1), .completed(300)])
        XCTAssertEqual(calls, 3)
    }

    func testSkipWhile_throwingPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.skip(while: { _ in throw TestError.first }) }
        XCTAssertEqual(res.events, [.error(210, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testSkipUntil_sendsAfterOtherElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(300)])
        let other = scheduler.createHotObservable([.next(225, "x"), .next(235, "y"), .completed(260)])
        let res = scheduler.start { xs.skip(until: other) }
        XCTAssertEqual(res.events, [.next(230, 2), .next(240, 3), .completed(300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntil_otherError_isForwarded_andDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(220, TestError.first)])
        let res = scheduler.start { xs.skip(until: failing) }
        XCTAssertEqual(res.events, [.error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntil_sourceCompletingWhileSkipping_forwardsNothing_andDisposesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let never = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { ys.skip(until: never) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 300)])
    }

    func testSkipUntil_sourceFailingWhileSkipping_forwardsTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([.next(210, 1), .error(300, TestError.first)])
        let never = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { ys.skip(until: never) }
        XCTAssertEqual(res.events, [.error(300, TestError.first)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 300)])
    }

    func testElementAt_sendsOneAndCompletes_orFailsWhenShort() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300)])
        let res = scheduler.start { xs.element(at: 1) }
        XCTAssertEqual(res.events, [.next(220, "b"), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(runHot(xs.recordedEvents) { $0.element(at: 5) }.events, [.error(300, RxError.argumentOutOfRange)])
        XCTAssertEqual(runHot(xs.recordedEvents) { $0.element(at: -1) }.events, [.error(200, RxError.argumentOutOfRange)])
    }

    func testIgnoreElements_keepsTerminal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.ignoreElements() }
        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        let failing: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError.first)]
        XCTAssertEqual(runHot(failing) { $0.ignoreElements() }.events, [.error(220, TestError.first)])
    }
}
