import Foundation
import Reactive
import ReactiveTest
import XCTest

final class SwitchLatestTests: ReactiveTestCase {
    func testFlatMapLatest_switchesToNewestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .next(40, "x"), .completed(50)])
        let inner2 = scheduler.createColdObservable([.next(10, "c"), .completed(20)])
        let res = scheduler.start { xs.flatMapLatest { $0 == 1 ? inner1 : inner2 } }
        XCTAssertEqual(res.events, [.next(220, "a"), .next(230, "b"), .next(250, "c"), .completed(260)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(inner2.subscriptions, [Subscription(240, 260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSwitchLatest_innerErrorAndSelectorError() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), Recorded<Event<Int>>.error(20, TestError.first)])
        let xs = scheduler.createHotObservable([.next(210, inner.asObservable())])
        let res = scheduler.start { xs.switchLatest() }
        XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        let values: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2)]
        XCTAssertEqual(runHot(values) { $0.flatMapLatest { value -> Observable<Int> in
            if value == 2 { throw TestError.second }
            return Observable.never()
        } }.events, [.error(220, TestError.second)])
    }

    func testFlatMapLatest_sourceErrorEmptyAndDispose() {
        let failing: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError.first)]
        XCTAssertEqual(runHot(failing) { $0.flatMapLatest { Observable.just($0) } }.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(runHot([Recorded<Event<Int>>.completed(250)]) { $0.flatMapLatest { Observable.just($0) } }.events, [.completed(250)])
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let inner = scheduler.createColdObservable([.next(50, 1), .next(150, 2)])
        let res = scheduler.start(disposed: 300) { xs.flatMapLatest { _ in inner } }
        XCTAssertEqual(res.events, [.next(260, 1)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
    }

    func testFlatMapLatest_reentrantDisposeFromOnNext() {
        let source = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = source.flatMapLatest { _ in inner }.subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        source.onNext(0)
        inner.onNext(1)
        inner.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(source.hasObservers)
        XCTAssertFalse(inner.hasObservers)
    }

    func testFlatMapLatest_stressFromFourThreads_onlyLatestSurvives() {
        let source = PublishSubject<Int>()
        let received = Counter()
        let subscription = source.flatMapLatest { Observable.just($0) }.subscribe(onNext: { _ in received.increment() })
        let serial = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<1000 { serial.withLock { source.onNext(value) } }
        }
        XCTAssertEqual(received.value, 4000, "each synchronous inner sends before the next switch")
        subscription.dispose()
    }

    func testSwitchLatest_disposeFromAnotherThread() {
        let source = PublishSubject<Observable<Int>>()
        let inner = PublishSubject<Int>()
        let subscription = source.switchLatest().subscribe()
        source.onNext(inner.asObservable())
        disposeOnAnotherThread(subscription)
        XCTAssertFalse(source.hasObservers)
        XCTAssertFalse(inner.hasObservers)
    }
}
