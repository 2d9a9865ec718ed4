import Reactive
import ReactiveBlocking
import ReactiveTest
import XCTest

final class SingleAsyncTests: ReactiveTestCase {
    func testSingle_forwardsTheElementWhenItArrives_completesWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.single() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSingle_empty_failsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        XCTAssertEqual(scheduler.start { empty.single() }.events, [.error(300, RxError.noElements)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 300)])
    }

    func testSingle_secondElement_failsAfterTheFirstWasForwarded_andDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let many = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { many.single() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(many.subscriptions, [Subscription(200, 220)])
    }

    func testSingle_predicate_forwardsTheMatchAtOnce_andFailsAtTheSecondMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 2), .completed(300)])
        let res = scheduler.start { xs.single { $0 == 2 } }
        XCTAssertEqual(res.events, [.next(220, 2), .error(240, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(runHot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)]) { $0.single { $0 == 2 } }.events, [.next(220, 2), .completed(300)])
    }

    func testSingle_throwingPredicate_failsAndIsNotCalledAgain() {
        var calls = 0
        let res = runHot([.next(210, 1), .next(220, 2), .completed(300)]) { $0.single { _ in
            calls += 1
            throw TestError.first
        } }
        XCTAssertEqual(res.events, [.error(210, TestError.first)])
        XCTAssertEqual(res.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(calls, 1)
    }

    func testAsSingle_holdsTheElementUntilCompletion_failsAtASecond() {
        let res = runHot([.next(210, 1), .completed(300)]) { $0.asSingle().asObservable() }
        XCTAssertEqual(res.events, [.next(300, 1), .completed(300)])
        let many = runHot([.next(210, 1), .next(220, 2), .completed(300)]) { $0.asSingle().asObservable() }
        XCTAssertEqual(many.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(many.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(runHot([Recorded<Event<Int>>.completed(300)]) { $0.asSingle().asObservable() }.events, [.error(300, RxError.noElements)])
    }

    func testAsMaybe_holdsTheElementUntilCompletion_completesEmpty_failsAtASecond() {
        XCTAssertEqual(runHot([.next(210, 1), .completed(300)]) { $0.asMaybe().asObservable() }.events, [.next(300, 1), .completed(300)])
        XCTAssertEqual(runHot([Recorded<Event<Int>>.completed(300)]) { $0.asMaybe().asObservable() }.events, [.completed(300)])
        let many = runHot([.next(210, 1), .next(220, 2), .completed(300)]) { $0.asMaybe().asObservable() }
        XCTAssertEqual(many.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(many.subscriptions, [Subscription(200, 220)])
    }

    func testBlockingSingle_stopsEvaluatingThePredicateAfterTheSecondMatch() {
        var seen: [Int] = []
        XCTAssertThrowsError(try Observable.of(1, 2, 3, 4, 5).toBlocking().single { seen.append($0); return $0 > 1 }) { error in
            guard case RxError.moreThanOneElement = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(seen, [1, 2, 3])
    }

    func testBlockingSingle_stopsEvaluatingThePredicateAfterItThrew() {
        var seen: [Int] = []
        XCTAssertThrowsError(try Observable.of(1, 2, 3).toBlocking().single { seen.append($0); throw TestError.second }) { error in
            XCTAssertEqual(error as? TestError, .second)
        }
        XCTAssertEqual(seen, [1])
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
