import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class TakeTests: ReactiveTestCase {
    func testTake_completesAfterCountAndDisposesSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.take(2) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTake_zeroCompletesAtOnce_negativeFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.take(0) }
        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { xs.take(-1) }
        XCTAssertEqual(res2.events, [.error(1200, RxError.argumentOutOfRange)])
    }

    func testTake_fewerThanCount_errorAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        let res = scheduler.start { xs.take(5) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        let ys = scheduler.createHotObservable([.next(1210, 1), .next(1310, 2)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) { ys.take(5) }
        XCTAssertEqual(res2.events, [.next(1210, 1)])
        XCTAssertEqual(ys.subscriptions, [Subscription(1200, 1300)])
    }

    func testTake_reentrantSendFromOnNext_completesOnce() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.take(2).subscribe { event in
            events.append(event)
            if case .next(let value) = event, value < 5 { subject.onNext(value + 1) }
        }
        subject.onNext(1)
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
        XCTAssertFalse(subject.hasObservers)
    }

    func testTakeLast_sendsLastCountAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        let res = scheduler.start { xs.takeLast(2) }
        XCTAssertEqual(res.events, [.next(300, 3), .next(300, 4), .completed(300)])
        XCTAssertEqual(runHot(xs.recordedEvents) { $0.takeLast(0) }.events, [.completed(300)])
        XCTAssertEqual(runHot(xs.recordedEvents) { $0.takeLast(10) }.events, [.next(300, 1), .next(300, 2), .next(300, 3), .next(300, 4), .completed(300)])
    }

    func testTakeLast_errorDropsBuffer_disposeInMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(300, TestError.first)])
        let res = scheduler.start { xs.takeLast(2) }
        XCTAssertEqual(res.events, [.error(300, TestError.first)])
        let ys = scheduler.createHotObservable([.next(1210, 1), .completed(1400)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) { ys.takeLast(1) }
        XCTAssertEqual(res2.events, [])
        XCTAssertEqual(ys.subscriptions, [Subscription(1200, 1300)])
    }

    func testTakeWhile_exclusiveAndInclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
        let res = scheduler.start { xs.take(while: { $0 < 3 }) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(runHot(xs.recordedEvents) { $0.take(while: { $0 < 3 }, behavior: .inclusive) }.events, [.next(210, 1), .next(220, 2), .next(230, 5), .completed(230)])
    }

    func testTakeUntilPredicate_andThrowingPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
        let res = scheduler.start { xs.take(until: { $0 > 3 }, behavior: .inclusive) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 5), .completed(230)])
        XCTAssertEqual(runHot(xs.recordedEvents) { $0.take(while: { value -> Bool in
            if value == 2 { throw TestError.first }
            return true
        }) }.events, [.next(210, 1), .error(220, TestError.first)])
    }

    func testTakeUntilOther_completesOnOtherElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let other = scheduler.createHotObservable([.next(150, "x"), .next(230, "y"), .completed(250)])
        let res = scheduler.start { xs.take(until: other) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntilOther_otherEndingTheResultWhileSubscribed_sourceStillSubscribedAndDisposedAtOnce() {
        // As RxSwift: `other` is subscribed first, then the source whatever `other` did; the
        // source's subscription is disposed at once.
        for (other, ending) in [(Observable.just(0), Recorded<Event<Int>>.completed(200)), (Observable<Int>.error(TestError.first), .error(200, TestError.first))] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1)])
            let res = scheduler.start { xs.take(until: other) }
            XCTAssertEqual(res.events, [ending])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
        }
    }

    func testTakeUntilOther_otherErrorForwarded_otherCompletionIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let failing = scheduler.createHotObservable([Recorded<Event<String>>.error(230, TestError.first)])
        let res = scheduler.start { xs.take(until: failing) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.first)])
        let ys = scheduler.createHotObservable([.next(1210, 1), .next(1260, 2), .completed(1300)])
        let completing = scheduler.createHotObservable([Recorded<Event<String>>.completed(1230)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { ys.take(until: completing) }
        XCTAssertEqual(res2.events, [.next(1210, 1), .next(1260, 2), .completed(1300)])
        XCTAssertEqual(completing.subscriptions, [Subscription(1200, 1230)])
    }

    func testTakeUntilOther_disposeFromAnotherThread() {
        let source = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let received = Counter()
        let subscription = source.take(until: other).subscribe(onNext: { _ in received.increment() })
        disposeOnAnotherThread(subscription)
        source.onNext(1)
        other.onNext(1)
        XCTAssertEqual(received.value, 0)
        XCTAssertFalse(source.hasObservers)
        XCTAssertFalse(other.hasObservers)
    }
}
