import Reactive
import ReactiveTest
import XCTest

final class ScanTests: ReactiveTestCase {
    func testScan_sendsEachAccumulation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.scan(10, accumulator: +) }
        XCTAssertEqual(res.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testScanInto_mutatesInPlace_andEachSubscriptionStartsFromSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let scanned = xs.scan(into: [Int]()) { $0.append($1) }
        let res = scheduler.start { Observable.concat([scanned, scanned]) }
        XCTAssertEqual(res.events, [.next(210, [1]), .next(220, [1, 2]), .next(240, [1]), .next(250, [1, 2]), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
    }

    func testScan_errorInAccumulator_forwardsErrorAndDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start { xs.scan(0) { acc, value in
            if value == 2 { throw TestError.first }
            return acc + value
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScan_sourceError_andNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.second)])
        let res = scheduler.start { xs.scan(0, accumulator: +) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.second)])
        let never = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res2 = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) { never.scan(0, accumulator: +) }
        XCTAssertEqual(res2.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(1100, 1200)])
    }
}
