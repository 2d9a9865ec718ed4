import Foundation
import Reactive
import ReactiveTest
import XCTest

final class WithLatestFromTests: ReactiveTestCase {
    func testWithLatestFrom_secondFailingWhileSubscribed_sourceStillSubscribedAndDisposedAtOnce() {
        // As RxSwift: the second sequence is subscribed first, then the source whatever the
        // second did; the source's subscription is disposed at once.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1)])
        let res = scheduler.start { xs.withLatestFrom(Observable<Int>.error(TestError.first)) }
        XCTAssertEqual(res.events, [.error(200, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
    }

    func testWithLatestFrom_combinesWithLatestOfSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(260)])
        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(230, "2a"), .next(250, "3b"), .completed(300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        let plain = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { Observable<Int>.never().withLatestFrom(ys) }
        XCTAssertEqual(plain.events, [])
    }

    func testWithLatestFrom_errorsFromEitherAndSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, 1), .error(240, TestError.first)])
        let res = scheduler.start { xs.withLatestFrom(ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(230, 3), .error(240, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let a = scheduler2.createHotObservable([.next(230, 2)])
        let b = scheduler2.createHotObservable([.next(220, 1)])
        let res2 = scheduler2.start { a.withLatestFrom(b) { _, _ -> Int in throw TestError.second } }
        XCTAssertEqual(res2.events, [.error(230, TestError.second)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testWithLatestFrom_reentrantAndCrossThreadDispose() {
        let a = PublishSubject<Int>()
        let b = BehaviorSubject(value: 10)
        var received: [Int] = []
        var subscription: Disposable?
        subscription = a.withLatestFrom(b, resultSelector: +).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        a.onNext(1)
        a.onNext(2)
        XCTAssertEqual(received, [11])
        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)

        let other = a.withLatestFrom(b).subscribe()
        disposeOnAnotherThread(other)
        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)
    }
}
