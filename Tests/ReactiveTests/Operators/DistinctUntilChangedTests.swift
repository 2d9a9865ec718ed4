import Reactive
import ReactiveTest
import XCTest

final class DistinctUntilChangedTests: ReactiveTestCase {
    func testDistinctUntilChanged_dropsConsecutiveDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDistinctUntilChanged_keySelectorComparerAndKeyPath() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a1"), .next(220, "a2"), .next(230, "B1"), .next(240, "b2"), .completed(300)])
        let byKey = scheduler.start { xs.distinctUntilChanged { $0.prefix(1) } }
        XCTAssertEqual(byKey.events, [.next(210, "a1"), .next(230, "B1"), .next(240, "b2"), .completed(300)])
        let events = xs.recordedEvents
        XCTAssertEqual(runHot(events) { $0.distinctUntilChanged { $0.last == $1.last } }.events, [.next(210, "a1"), .next(220, "a2"), .next(230, "B1"), .next(240, "b2"), .completed(300)])
        XCTAssertEqual(runHot(events) { $0.distinctUntilChanged({ $0.prefix(1) }, comparer: { $0.lowercased() == $1.lowercased() }) }.events, [.next(210, "a1"), .next(230, "B1"), .completed(300)])
        XCTAssertEqual(runHot(events) { $0.distinctUntilChanged(at: \.count) }.events, [.next(210, "a1"), .completed(300)])
    }

    func testDistinctUntilChanged_throwingComparerOrKey_forwardsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start { xs.distinctUntilChanged { _, _ in throw TestError.first } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        let ys = scheduler.createHotObservable([.next(1210, 1)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { ys.distinctUntilChanged { _ -> Int in throw TestError.second } }
        XCTAssertEqual(res2.events, [.error(1210, TestError.second)])
    }

    func testDistinctUntilChanged_errorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        let ys = scheduler.createHotObservable([.next(1210, 1), .next(1320, 2)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) { ys.distinctUntilChanged() }
        XCTAssertEqual(res2.events, [.next(1210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(1200, 1300)])
    }
}
