import Foundation
import Reactive
import ReactiveTest
import XCTest

final class TimeoutTests: ReactiveTestCase {
    func testTimeout_failsWhenGapExceedsDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(280, 3), .completed(300)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .error(260, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testTimeout_elementExactlyAtDeadlineWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 1), .completed(240)])
    }

    func testTimeoutOther_switchesToOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let other = scheduler.createColdObservable([.next(10, 8), .completed(20)])
        let res = scheduler.start { xs.timeout(.seconds(30), other: other, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(250, 8), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(other.subscriptions, [Subscription(240, 260)])
    }

    func testTimeout_sourceErrorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError.first)])
        XCTAssertEqual(scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }.events, [.error(210, TestError.first)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1)])
        XCTAssertEqual(scheduler2.start(disposed: 220) { ys.timeout(.seconds(30), scheduler: scheduler2) }.events, [.next(210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testTimeout_reentrantAndCrossThreadDispose() {
        let subject = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "timeout")
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.timeout(.seconds(10), scheduler: scheduler).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)

        let other = subject.timeout(.seconds(10), scheduler: scheduler).subscribe()
        disposeOnAnotherThread(other)
        XCTAssertFalse(subject.hasObservers)
    }
}
