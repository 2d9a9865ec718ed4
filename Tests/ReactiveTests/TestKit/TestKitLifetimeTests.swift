import Reactive
import ReactiveTest
import XCTest

/// What keeps the test kit's objects alive, and until when, as in RxTest: a hot observable lives
/// until its last scheduled event ran (a test need not store it), a subscription's disposable
/// keeps its observable, a cold observable's event times stay on the clock after disposal, and
/// `start` holds the created observable until it disposed the subscription.
final class TestKitLifetimeTests: ReactiveTestCase {
    func testHotObservable_notStored_stillSendsEveryEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let output = subject.subscribe(observer)
        // Written as third-party RxSwift suites write it: the observable is not kept.
        let input = scheduler.createHotObservable([.next(100, 1), .next(200, 2), .completed(300)]).subscribe(subject)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(100, 1), .next(200, 2), .completed(300)])
        input.dispose()
        output.dispose()
    }

    func testHotObservable_notSubscribedNorStored_livesUntilItsLastEventRan() {
        let scheduler = TestScheduler(initialClock: 0)
        weak var weakHot: TestableObservable<Int>?
        do {
            let hot = scheduler.createHotObservable([.next(100, 1), .next(300, 2)])
            weakHot = hot
        }
        XCTAssertNotNil(weakHot, "its scheduled events hold it")
        scheduler.advanceTo(200)
        XCTAssertNotNil(weakHot, "one event still to run")
        scheduler.advanceTo(300)
        XCTAssertNil(weakHot, "released once its last event ran")
    }

    func testHotObservable_subscriptionKeepsIt_andRecordsTheUnsubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        weak var weakHot: TestableObservable<Int>?
        var subscription: Disposable?
        do {
            let hot = scheduler.createHotObservable([.next(100, 1)])
            weakHot = hot
            scheduler.scheduleAt(50) { subscription = hot.subscribe(observer) }
        }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.advanceTo(300)
        XCTAssertNotNil(weakHot, "the subscription's disposable holds it after its events ran")
        XCTAssertEqual(weakHot?.subscriptions, [Subscription(50)])
        let recorded = weakHot
        scheduler.start()
        XCTAssertEqual(recorded?.subscriptions, [Subscription(50, 400)])
        XCTAssertEqual(observer.events, [.next(100, 1)])
    }

    func testHotObservable_eventsGoToTheObserversSubscribedAtTheirTime_inSubscriptionOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(100, 1), .next(200, 2), .completed(300)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var order: [String] = []
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(50) {
            subscriptions.append(xs.do(onNext: { _ in order.append("first") }).subscribe(first))
        }
        scheduler.scheduleAt(150) {
            subscriptions.append(xs.do(onNext: { _ in order.append("second") }).subscribe(second))
        }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(100, 1), .next(200, 2), .completed(300)])
        XCTAssertEqual(second.events, [.next(200, 2), .completed(300)])
        XCTAssertEqual(order, ["first", "first", "second"])
        XCTAssertEqual(xs.subscriptions, [Subscription(50, 300), Subscription(150, 300)], "the completion ends both")
        subscriptions.forEach { $0.dispose() }
    }

    func testColdObservable_disposedEarly_sendsNothingMore_butItsTimesStayOnTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(900, 2), .completed(950)])
        let res = scheduler.start(disposed: 300) { xs }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        // RxTest leaves a disposed cold subscription's events scheduled (they send nothing):
        // the clock ends at the last of them, 200 + 950.
        XCTAssertEqual(scheduler.clock, 1150)
    }

    func testColdObservable_notStored_subscriptionStillRecordsItsEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        weak var weakCold: TestableObservable<Int>?
        var subscription: Disposable?
        do {
            let cold = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            weakCold = cold
            scheduler.scheduleAt(100) { subscription = cold.subscribe(observer) }
        }
        scheduler.scheduleAt(200) {
            let cold = weakCold
            XCTAssertEqual(cold?.subscriptions, [Subscription(100)], "the subscription keeps it")
            subscription?.dispose()
            subscription?.dispose()
            subscription = nil
            XCTAssertEqual(cold?.subscriptions, [Subscription(100, 200)], "recorded once")
        }
        scheduler.start()
        XCTAssertNil(weakCold, "released with the subscription")
        XCTAssertEqual(observer.events, [.next(110, 1), .completed(120)])
    }

    func testStart_keepsTheCreatedObservableUntilItDisposedTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        final class Token {}
        weak var weakToken: Token?
        var aliveAt: [TestTime: Bool] = [:]
        scheduler.scheduleAt(500) { aliveAt[500] = weakToken != nil }
        scheduler.scheduleAt(1001) { aliveAt[1001] = weakToken != nil }
        let res = scheduler.start { () -> Observable<Int> in
            let token = Token()
            weakToken = token
            // Only the observable holds the token: it completes at once, so no sink does.
            return Observable.just(1).do(onNext: { _ in withExtendedLifetime(token) {} })
        }
        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(aliveAt, [500: true, 1001: false])
    }

    func testTestableObserver_recordsAtTheClockOfEachEvent_andKeepsTheScheduler() {
        weak var weakScheduler: TestScheduler?
        let observer: TestableObserver<Int>
        do {
            let scheduler = TestScheduler(initialClock: 0)
            weakScheduler = scheduler
            observer = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(30) { observer.onNext(1) }
            scheduler.start()
        }
        observer.onNext(2)
        XCTAssertNotNil(weakScheduler, "the observer reads the clock of the scheduler it was made by")
        XCTAssertEqual(observer.events, [.next(30, 1), .next(30, 2)])
    }
}
