import Reactive
import ReactiveTest
import XCTest

final class SampleTests: ReactiveTestCase {
    func testSample_sendsLatestNewElementOnTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let ticks = scheduler.createHotObservable([.next(230, "t"), .next(240, "t"), .next(270, "t"), .next(310, "t")])
        let res = scheduler.start { xs.sample(ticks) }
        XCTAssertEqual(res.events, [.next(230, 2), .next(270, 3), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ticks.subscriptions, [Subscription(200, 310)])
    }

    func testSample_defaultValue_andErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ticks = scheduler.createHotObservable([.next(220, "t"), .next(230, "t"), Recorded<Event<String>>.error(240, TestError.first)])
        let res = scheduler.start { xs.sample(ticks, defaultValue: 0) }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 0), .error(240, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        let failing = runHot([Recorded<Event<Int>>.error(210, TestError.second)]) { $0.sample(Observable<Int>.never()) }
        XCTAssertEqual(failing.events, [.error(210, TestError.second)])
    }
}
