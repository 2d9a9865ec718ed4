import Foundation
import Reactive
import ReactiveTest
import XCTest

final class AmbTests: ReactiveTestCase {
    func testAmb_sourceEndingWhileSubscribed_laterSourcesStillSubscribedAndDisposedAtOnce() {
        // As RxSwift (nested two-source ambs, each subscribing both of its sides): every source
        // is subscribed in turn, the ones after the winner disposed at once, also when the
        // winner ended the result while being subscribed.
        for winner in [Observable.just(1), Observable<Int>.error(TestError.first), Observable<Int>.empty()] {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 2)])
            let zs = scheduler.createColdObservable([.next(20, 3)])
            let res = scheduler.start { Observable.amb([winner, ys.asObservable(), zs.asObservable()]) }
            let expected: [Recorded<Event<Int>>] = winner.toEvents().map { Recorded(time: 200, value: $0) }
            XCTAssertEqual(res.events, expected)
            XCTAssertEqual(ys.subscriptions, [Subscription(200, 200)])
            XCTAssertEqual(zs.subscriptions, [Subscription(200, 200)])
            let second = TestScheduler(initialClock: 0)
            let pair = second.createColdObservable([.next(10, 4)])
            let binary = second.start { winner.amb(pair.asObservable()) }
            XCTAssertEqual(binary.events, expected)
            XCTAssertEqual(pair.subscriptions, [Subscription(200, 200)])
        }
    }

    func testAmb_firstToSendWins_othersDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])
        let res = scheduler.start { xs.amb(ys) }
        XCTAssertEqual(res.events, [.next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testAmb_errorWins_neverAndEmptySequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError.first)])
        let ys = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start { Observable.amb([xs.asObservable(), ys.asObservable()]) }
        XCTAssertEqual(res.events, [.error(210, TestError.first)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) { Observable<Int>.amb([Observable<Int>]()) }
        XCTAssertEqual(res2.events, [])
    }

    func testAmb_disposeInMiddle_reentrantAndFromAnotherThread() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 1)])
        let ys = scheduler.createHotObservable([.next(260, 2)])
        let res = scheduler.start(disposed: 240) { xs.amb(ys) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])

        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = a.amb(b).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        b.onNext(1)
        b.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)

        let other = a.amb(b).subscribe()
        disposeOnAnotherThread(other)
        XCTAssertFalse(a.hasObservers)
    }
}
