import Reactive
import ReactiveTest
import XCTest

final class DebounceTests: ReactiveTestCase {
    func testDebounce_sendsAfterQuietPeriod_elementAtTheEdgeReplacesPending() {
        let scheduler = TestScheduler(initialClock: 0)
        // 210 then 230 (exactly at 210's deadline: it runs before the timer and replaces it).
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .next(300, 4), .completed(400)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(260, 3), .next(320, 4), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDebounce_completionFlushesPending_errorDropsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        XCTAssertEqual(scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }.events, [.next(220, 1), .completed(220)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(scheduler2.start { ys.debounce(.seconds(20), scheduler: scheduler2) }.events, [.error(220, TestError.first)])
    }

    func testDebounce_disposeCancelsPending_andNeverEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(290, 1)])
        let res = scheduler.start(disposed: 300) { xs.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let empty = scheduler2.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(scheduler2.start { empty.debounce(.seconds(20), scheduler: scheduler2) }.events, [.completed(250)])
    }
}
