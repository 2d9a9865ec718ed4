import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class SharingTests: ReactiveTestCase {
    func testPublish_sharesOneSubscriptionOnceConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3), .completed(300)])
        let published = xs.publish()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { published.subscribe(early).disposed(by: bag) }
        scheduler.scheduleAt(220) { published.connect().disposed(by: bag) }
        scheduler.scheduleAt(250) { published.subscribe(late).disposed(by: bag) }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(240, 2), .next(270, 3), .completed(300)])
        XCTAssertEqual(late.events, [.next(270, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(220, 300)])
    }

    func testReplay_replaysToLateSubscribers_andDisconnectStopsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3), .completed(400)])
        let replayed = xs.replay(1)
        let late = scheduler.createObserver(Int.self)
        var connection: Disposable?
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { connection = replayed.connect() }
        scheduler.scheduleAt(250) { replayed.subscribe(late).disposed(by: bag) }
        scheduler.scheduleAt(300) { connection?.dispose() }
        scheduler.start()
        XCTAssertEqual(late.events, [.next(250, 2), .next(270, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testRefCount_connectsWithFirstAndDisconnectsWithLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3), .next(320, 4)])
        let shared = xs.share()
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        var subscriptionA: Disposable?
        var subscriptionB: Disposable?
        scheduler.scheduleAt(200) { subscriptionA = shared.subscribe(a) }
        scheduler.scheduleAt(230) { subscriptionB = shared.subscribe(b) }
        scheduler.scheduleAt(260) { subscriptionA?.dispose() }
        scheduler.scheduleAt(290) { subscriptionB?.dispose() }
        scheduler.scheduleAt(300) { subscriptionA = shared.subscribe(a) }
        scheduler.scheduleAt(400) { subscriptionA?.dispose() }
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .next(240, 2), .next(320, 4)])
        XCTAssertEqual(b.events, [.next(240, 2), .next(270, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290), Subscription(300, 400)])
    }

    func testShareReplayWhileConnected_resubscribesAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let shared = xs.share(replay: 1)
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        let c = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { shared.subscribe(a).disposed(by: bag) }
        scheduler.scheduleAt(215) { shared.subscribe(b).disposed(by: bag) }
        scheduler.scheduleAt(300) { shared.subscribe(c).disposed(by: bag) }
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(b.events, [.next(215, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(c.events, [.next(310, 1), .next(320, 2), .completed(330)], "a fresh subscription after completion")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(300, 330)])
    }

    /// Subscribes `shared` at 200 and again at 300, runs `scheduler`, and returns what each
    /// subscription received.
    private func subscribeEarlyAndLate(_ shared: Observable<Int>, on scheduler: TestScheduler) -> (early: [Recorded<Event<Int>>], late: [Recorded<Event<Int>>]) {
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { shared.subscribe(early).disposed(by: bag) }
        scheduler.scheduleAt(300) { shared.subscribe(late).disposed(by: bag) }
        scheduler.start()
        return (early.events, late.events)
    }

    func testShareReplayForever_replaysTerminalWithoutResubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let shared = xs.share(replay: 1, scope: .forever)
        let (early, late) = subscribeEarlyAndLate(shared, on: scheduler)
        XCTAssertEqual(early, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(late, [.next(300, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)], "the source is not subscribed again")
    }

    func testShareForever_withoutReplay_lateSubscriberGetsTheTerminalEventOnly_noNewSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError.first)])
        let shared = xs.share(scope: .forever)
        let (early, late) = subscribeEarlyAndLate(shared, on: scheduler)
        XCTAssertEqual(early, [.next(210, 1), .error(230, TestError.first)])
        XCTAssertEqual(late, [.error(300, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testShareForever_negativeReplay_replaysNothing_asWithoutReplay() {
        // As RxSwift: a negative replay count keeps no element (it was taken as 1).
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let shared = xs.share(replay: -1, scope: .forever)
        let (early, late) = subscribeEarlyAndLate(shared, on: scheduler)
        XCTAssertEqual(early, [.next(210, 1), .completed(230)])
        XCTAssertEqual(late, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testShareForever_synchronousSource_isSubscribedOnce() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let shared = source.share(replay: 1, scope: .forever)
        var received: [Int] = []
        _ = shared.subscribe(onNext: { received.append($0) })
        _ = shared.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 1])
        XCTAssertEqual(subscriptions, 1)
    }

    func testShare_errorIsSharedAndEndsTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        let shared = xs.share()
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            shared.subscribe(a).disposed(by: bag)
            shared.subscribe(b).disposed(by: bag)
        }
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(b.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testShare_subscribeAndDisposeFromInsideOnNextOfAnotherSubscriber() {
        let subject = PublishSubject<Int>()
        let shared = subject.share()
        var inner: [Int] = []
        var outer: [Int] = []
        var innerSubscription: Disposable?
        var third: Disposable?
        third = shared.subscribe(onNext: { _ in })
        let first = shared.subscribe(onNext: { value in
            outer.append(value)
            if value == 1 { innerSubscription = shared.subscribe(onNext: { inner.append($0) }) }
            if value == 2 { third?.dispose() }
            if value == 3 { innerSubscription?.dispose() }
        })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onNext(4)
        XCTAssertEqual(outer, [1, 2, 3, 4])
        XCTAssertEqual(inner, [2], "disposed by the outer subscriber before its turn for 3")
        first.dispose()
        XCTAssertFalse(subject.hasObservers, "the last subscriber left: disconnected")
    }

    func testReplay_replayingToSubscriberThatDisposesAThirdOne() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 2)
        var thirdValues: [Int] = []
        let third = shared.subscribe(onNext: { thirdValues.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        var replayed: [Int] = []
        let second = shared.subscribe(onNext: { value in
            replayed.append(value)
            third.dispose()  // during the replay
        })
        subject.onNext(3)
        // As in RxSwift: the second subscriber is counted once its subscription to the replay
        // subject returns, so the third one leaving during the replay was the last counted one
        // and disconnected; the second then connects anew, with a new subject, and stays on the
        // old one.
        XCTAssertEqual(replayed, [1, 2])
        XCTAssertEqual(thirdValues, [1, 2])
        second.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testConnectAndDisposeFromTwoThreadsAtOnce_finish() {
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let published = subject.publish()
            let received = Counter()
            let subscription = published.subscribe(onNext: { _ in received.increment() })
            let box = Unchecked(published)
            let connections = Collector<Disposable>()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    connections.append(box.value.connect())
                } else {
                    let connection = box.value.connect()
                    connection.dispose()
                }
            }
            for connection in connections.values { connection.dispose() }
            subject.onNext(1)
            XCTAssertEqual(received.value, 0)
            XCTAssertFalse(subject.hasObservers)
            subscription.dispose()
        }
    }

    func testRefCount_stressSubscribeAndDisposeFromFourThreads_endsDisconnected() {
        let subject = PublishSubject<Int>()
        let shared = subject.share()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                let subscription = shared.subscribe()
                subscription.dispose()
            }
        }
        XCTAssertFalse(subject.hasObservers)
    }

    func testMulticastSelector_subscribesTheSourceOnceForAllTheSelectorsSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.multicast({ PublishSubject<Int>() }) { shared in
            Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 }
        } }
        XCTAssertEqual(res.events, [.next(220, 12), .next(230, 23), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMulticastSelector_throwingSelectors_sendTheError_andDisposalReachesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let failingSubject = scheduler.start { xs.multicast({ () throws -> PublishSubject<Int> in throw TestError.first }) { $0 } }
        XCTAssertEqual(failingSubject.events, [.error(200, TestError.first)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(260, 2)])
        let failingSelector = scheduler2.start { ys.multicast({ PublishSubject<Int>() }) { _ -> Observable<Int> in throw TestError.second } }
        XCTAssertEqual(failingSelector.events, [.error(200, TestError.second)])
        XCTAssertEqual(ys.subscriptions, [])
        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable([.next(210, 1), .next(260, 2)])
        let disposed = scheduler3.start(disposed: 250) { zs.multicast({ PublishSubject<Int>() }) { $0.map { $0 + 1 } } }
        XCTAssertEqual(disposed.events, [.next(210, 2)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 250)])
    }


    /// When the source completes, `share()` disposes the source's own subscription (a
    /// `create`'s disposable) before its subscribers get `onCompleted`, as RxSwift's connection
    /// does. A `do(onDispose:)` on the source would not show it: its disposal follows the
    /// completion it forwards in either order.
    func testShare_sourceCompletes_sourceDisposedBeforeSubscribersComplete() {
        var log: [String] = []
        var complete: (() -> Void)?
        let shared = Observable<Int>.create { observer in
            complete = { observer.onCompleted() }
            return Disposables.create { log.append("source disposed") }
        }.share()
        let first = shared.subscribe(onCompleted: { log.append("first completed") })
        let second = shared.subscribe(onCompleted: { log.append("second completed") })
        complete?()
        XCTAssertEqual(log, ["source disposed", "first completed", "second completed"])
        complete = nil  // it holds the source's observer
        first.dispose()
        second.dispose()
    }
}
