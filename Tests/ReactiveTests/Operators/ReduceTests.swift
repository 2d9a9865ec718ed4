import Reactive
import ReactiveTest
import XCTest

final class ReduceTests: ReactiveTestCase {
    func testReduce_sendsResultAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let res = scheduler.start { xs.reduce(10, accumulator: +) }
        XCTAssertEqual(res.events, [.next(250, 16), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduce_empty_sendsSeed_andMapResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let res = scheduler.start { xs.reduce(10, accumulator: +, mapResult: { "\($0)" }) }
        XCTAssertEqual(res.events, [.next(250, "10"), .completed(250)])
    }

    func testReduce_errorInAccumulatorOrMapResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.reduce(0, accumulator: { _, value in
            if value == 2 { throw TestError.first }
            return value
        }) }
        XCTAssertEqual(res.events, [.error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

        let ys = scheduler.createHotObservable([.next(1210, 1), .completed(1250)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { ys.reduce(0, accumulator: +, mapResult: { _ -> Int in throw TestError.second }) }
        XCTAssertEqual(res2.events, [.error(1250, TestError.second)])
    }

    func testToArray_collectsInOrder_errorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.toArray() }
        XCTAssertEqual(res.events, [.next(250, [1, 2]), .completed(250)])

        let failing = scheduler.createHotObservable([.next(1210, 1), .error(1220, TestError.first)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { failing.toArray() }
        XCTAssertEqual(res2.events, [.error(1220, TestError.first)])

        let never = scheduler.createHotObservable([.next(2210, 1)])
        let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 2300) { never.toArray() }
        XCTAssertEqual(res3.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(2200, 2300)])
    }
}
