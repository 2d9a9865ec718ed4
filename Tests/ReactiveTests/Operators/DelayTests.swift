import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class DelayTests: ReactiveTestCase {
    func testDelay_shiftsElementsAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(250, 3), .completed(260)])
        let res = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 1), .next(245, 2), .next(280, 3), .completed(290)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testDelay_errorIsNotDelayed_andDropsWaiting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .error(250, TestError.first)])
        let res = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 1), .error(250, TestError.first)])
    }

    func testDelay_disposeDropsWaiting_emptyAndNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(280, 2)])
        let res = scheduler.start(disposed: 300) { xs.delay(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 1)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let empty = scheduler2.createHotObservable([Recorded<Event<Int>>.completed(250)])
        XCTAssertEqual(scheduler2.start { empty.delay(.seconds(30), scheduler: scheduler2) }.events, [.completed(280)])
    }

    func testDelaySubscription_subscribesLater_andDisposeBeforeCancels() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 250)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createColdObservable([.next(10, 1)])
        XCTAssertEqual(scheduler2.start(disposed: 220) { ys.delaySubscription(.seconds(30), scheduler: scheduler2) }.events, [])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testDelay_eventsDueTogether_areDeliveredOneScheduledStepApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(230, 1), .next(231, 2), .completed(232)])
    }


    func testDelay_errorSentWhileTheObserverWaitsForItsSender_doesNotBlockTheSender() {
        // The observer, delivering an element on the scheduler's thread, waits for the thread
        // that then sends the error: that send must return (it is queued), or both wait forever.
        let subject = PublishSubject<Int>()
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let elementDelivered = DispatchSemaphore(value: 0)
        let errorSent = DispatchSemaphore(value: 0)
        let errorReceived = DispatchSemaphore(value: 0)
        let waitedFor = Counter()
        let subscription = subject.delay(.milliseconds(5), scheduler: scheduler).subscribe(onNext: { _ in
            elementDelivered.signal()
            if errorSent.wait(timeout: .now() + 5) == .success { waitedFor.increment() }
        }, onError: { _ in errorReceived.signal() })
        let sender = Unchecked(subject)
        DispatchQueue.global().async {
            sender.value.onNext(1)
            _ = elementDelivered.wait(timeout: .now() + 5)
            sender.value.onError(TestError.first)
            errorSent.signal()
        }
        XCTAssertEqual(errorReceived.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(waitedFor.value, 1, "the sender was not held by the delivery it waited for")
        subscription.dispose()
    }

}

/// `delay` on a scheduler that runs work concurrently, with events due at once: each step
/// schedules the next, and none may be lost.
final class DelayConcurrencyTests: ReactiveTestCase {
    func testDelayOnConcurrentDispatchScheduler_neverStalls() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        assertDeliversEverythingInOrder(count: 5_000, rounds: 10) { $0.delay(.nanoseconds(0), scheduler: scheduler) }
    }
}
