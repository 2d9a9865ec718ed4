import Reactive
import ReactiveTest
import XCTest

final class ThrottleTests: ReactiveTestCase {
    func testThrottleLatest_sendsFirstThenLatestAtPeriodEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(220, 3), .next(230, 4), .next(300, 5), .completed(400)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        // 210 sent; 215 and 220 wait, 220 sent at 230 (210 + 20); 230 arrives exactly at the edge,
        // before the timer runs, and replaces it: 4 is sent at 230; 5 is outside any period.
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 4), .next(300, 5), .completed(400)])
    }

    func testThrottleNotLatest_dropsElementsInsidePeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(229, 3), .next(230, 4), .completed(400)])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 4), .completed(400)])
    }

    func testThrottle_completionWaitsForThrottled_errorAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        XCTAssertEqual(scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }.events, [.next(210, 1), .next(230, 2), .completed(230)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(215, 2), .error(220, TestError.first)])
        XCTAssertEqual(scheduler2.start { ys.throttle(.seconds(20), scheduler: scheduler2) }.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testThrottle_periodStartsWhenTheObserverHasTakenTheElement() {
        // As RxSwift: the time of sending is read after the observer returns, so an observer
        // that takes a while pushes the next period back.
        let scheduler = SteppedScheduler()
        let source = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = source.throttle(.seconds(10), latest: false, scheduler: scheduler).subscribe(onNext: { value in
            received.append(value)
            scheduler.advance(by: 5)
        })
        source.onNext(1)  // at 0, taken until 5
        scheduler.advance(by: 7)
        source.onNext(2)  // at 12: 12 s after 1 arrived but 7 after it was taken: dropped
        scheduler.advance(by: 4)
        source.onNext(3)  // at 16: 11 s after 1 was taken
        XCTAssertEqual(received, [1, 3])
        subscription.dispose()
    }

    func testThrottleLatest_periodOfAThrottledElementStartsWhenTheObserverHasTakenIt() {
        let scheduler = SteppedScheduler()
        let source = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = source.throttle(.seconds(10), scheduler: scheduler).subscribe(onNext: { value in
            received.append(value)
            scheduler.advance(by: 5)
        })
        source.onNext(1)  // at 0, taken until 5
        scheduler.advance(by: 1)
        source.onNext(2)  // at 6: throttled, its timer sends it
        scheduler.advance(by: 4)
        XCTAssertEqual(scheduler.runScheduled(), 1)  // at 10: 2 is sent, taken until 15
        XCTAssertEqual(received, [1, 2])
        scheduler.advance(by: 7)
        source.onNext(3)  // at 22: 7 s after 2 was taken: throttled again
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(scheduler.runScheduled(), 1)
        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
    }

    func testThrottle_disposeCancelsPending() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2)])
        let res = scheduler.start(disposed: 220) { xs.throttle(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1)])
    }
}
