import Reactive
import ReactiveTest
import XCTest

final class MapTests: ReactiveTestCase {
    func testMap_never_sendsNothingAndStaysSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testMap_empty_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_range_transformsEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 2), .next(230, 4), .next(240, 8), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_errorFromSource_forwardsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(300, TestError.first), .next(310, 2)])
        let res = scheduler.start { xs.map { $0 + 1 } }
        XCTAssertEqual(res.events, [.next(210, 2), .error(300, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_errorInSelector_forwardsErrorAndDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var calls = 0
        let res = scheduler.start { xs.map { value -> Int in
            calls += 1
            if value == 2 { throw TestError.first }
            return value
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(calls, 2, "the selector is not called after it failed")
    }

    func testMap_disposeInTheMiddle_stopsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .next(310, 3), .completed(400)])
        let res = scheduler.start(disposed: 300) { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(290, 20)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_reentrantDisposeFromOnNext_stopsDelivery() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.map { $0 * 2 }.subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, [2])
        XCTAssertFalse(subject.hasObservers)
    }

    func testMap_synchronousSourceWithFailingSelector_stopsEarly() {
        var calls = 0
        var events: [Event<Int>] = []
        _ = Observable.from([1, 2, 3]).map { value -> Int in
            calls += 1
            throw TestError.second
        }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError.second)])
        XCTAssertEqual(calls, 1)
    }

    func testMap_chain_composesInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable("-a-b-|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 + 1 }.map { "\($0)" } }
        XCTAssertEqual(res.events, [.next(210, "2"), .next(230, "3"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
