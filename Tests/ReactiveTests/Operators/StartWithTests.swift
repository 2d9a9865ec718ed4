import Reactive
import ReactiveTest
import XCTest

final class StartWithTests: ReactiveTestCase {
    func testStartWith_sendsElementsThenSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.startWith(7, 8) }
        XCTAssertEqual(res.events, [.next(200, 7), .next(200, 8), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testStartWith_sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(250, TestError.first)])
        let res = scheduler.start { xs.startWith(1) }
        XCTAssertEqual(res.events, [.next(200, 1), .error(250, TestError.first)])
    }

    func testStartWith_downstreamStopsDuringElements_sourceIsReleased() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        var subscribed = false
        let source = subject.do(onSubscribe: { subscribed = true })
        _ = source.startWith(1, 2, 3).take(2).subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
        // Disposal reaches upstream once `subscribe` returns (as in RxSwift): the source was
        // subscribed, and released at once.
        XCTAssertTrue(subscribed)
        XCTAssertFalse(subject.hasObservers)
    }

    func testStartWith_reentrantDisposeFromSourceElement() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.startWith(0).subscribe(onNext: { value in
            received.append(value)
            if value == 5 { subscription?.dispose() }
        })
        subject.onNext(5)
        subject.onNext(6)
        XCTAssertEqual(received, [0, 5])
        XCTAssertFalse(subject.hasObservers)
    }

    /// As in RxSwift, a running subscription holds its source, not the elements it already
    /// sent (an `observeWeakly` step's last value is such an element, and must be free to go).
    func testStartWith_runningSubscription_doesNotKeepTheElementsItSent() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PublishSubject<AnyObject>()
        var received = 0
        let subscription: Disposable
        do {
            let token = Token()
            weakToken = token
            subscription = subject.startWith(token).subscribe(onNext: { _ in received += 1 })
        }
        XCTAssertEqual(received, 1)
        XCTAssertNil(weakToken)
        subscription.dispose()
    }

    func testMergeOfObservables_runningSubscription_doesNotKeepTheSourcesThatEnded() {
        final class Token {}
        weak var weakToken: Token?
        let subscription: Disposable
        do {
            let token = Token()
            weakToken = token
            subscription = Observable<AnyObject>.merge(Observable.just(token), Observable.never()).subscribe()
        }
        XCTAssertNil(weakToken)
        subscription.dispose()
    }
}
