import Reactive
import ReactiveTest
import XCTest

final class FilterTests: ReactiveTestCase {
    func testFilter_never_sendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.filter { _ in true } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testFilter_empty_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let res = scheduler.start { xs.filter { _ in true } }
        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testFilter_keepsMatchingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(110, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(600)])
        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }
        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 4), .completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testFilter_errorFromSource_forwardsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError.first)])
        let res = scheduler.start { xs.filter { _ in true } }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFilter_errorInPredicate_forwardsErrorAndDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        let res = scheduler.start { xs.filter { value in
            if value == 3 { throw TestError.second }
            return true
        } }
        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.second)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFilter_disposeInTheMiddle_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(250, 4), .next(350, 6), .completed(400)])
        let res = scheduler.start(disposed: 300) { xs.filter { _ in true } }
        XCTAssertEqual(res.events, [.next(210, 2), .next(250, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testFilter_marbles_sixPairsOfMapFilter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("--a--b--c--|", values: ["a": 1, "b": 2, "c": 3], offset: 200)
        let res = scheduler.start {
            xs.map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
                .map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }.map { $0 * 2 }.filter { $0 != 4 }
        }
        XCTAssertEqual(res.events, Marbles.events("--a-----c--|", values: ["a": 2, "c": 6], offset: 200))
    }
}
