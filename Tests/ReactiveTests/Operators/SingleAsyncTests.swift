import Reactive
import ReactiveTest
import XCTest

final class SingleAsyncTests: ReactiveTestCase {
    func testSingle_oneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.next(300, 1), .completed(300)])
    }

    func testSingle_emptyAndMany() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        XCTAssertEqual(scheduler.start { empty.single() }.events, [.error(300, RxError.noElements)])
        let many = scheduler.createHotObservable([.next(1210, 1), .next(1220, 2), .completed(1300)])
        let res = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { many.single() }
        XCTAssertEqual(res.events, [.error(1220, RxError.moreThanOneElement)])
        XCTAssertEqual(many.subscriptions, [Subscription(1200, 1220)])
    }

    func testSingle_predicate_andThrowingPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        XCTAssertEqual(scheduler.start { xs.single { $0 == 2 } }.events, [.next(300, 2), .completed(300)])
        XCTAssertEqual(runHot(xs.recordedEvents) { $0.single { _ in throw TestError.first } }.events, [.error(210, TestError.first)])
    }

    func testFirst_sendsFirstOrNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.first() }
        XCTAssertEqual(res.events, [.next(210, Optional(1)), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(1300)])
        XCTAssertEqual(scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { empty.first() }.events, [.next(1300, nil), .completed(1300)])
        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(2300, TestError.first)])
        XCTAssertEqual(scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) { failing.first() }.events, [.error(2300, TestError.first)])
    }
}
