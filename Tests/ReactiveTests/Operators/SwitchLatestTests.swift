import Foundation
import Reactive
import ReactiveTest
import TestSupport
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

    func testFlatMapLatest_innersEndingOnTheirOwnAndSwitchedAway_eachStartsAndEndsOnTime() {
        // The switch sink holds an inner subscription itself while each ends before the next
        // element; one switched away from while running leaves that place for good, and later
        // inner observables get sinks of their own.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(240, 1), .next(260, 2), .next(290, 3), .completed(300)])
        let inners = [
            scheduler.createColdObservable([.next(5, "a"), .completed(20)]),
            scheduler.createColdObservable([.next(5, "b"), .next(30, "x"), .completed(40)]),
            scheduler.createColdObservable([.next(5, "c"), .completed(20)]),
            scheduler.createColdObservable([.next(0, "d"), .next(15, "e"), .completed(20)]),
        ]
        let res = scheduler.start { xs.flatMapLatest { inners[$0] } }
        XCTAssertEqual(res.events, [.next(215, "a"), .next(245, "b"), .next(265, "c"), .next(290, "d"), .next(305, "e"), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(240, 260)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(260, 280)])
        XCTAssertEqual(inners[3].subscriptions, [Subscription(290, 310)])
    }

    func testFlatMapLatest_justAfterRunningInners_disposesTheRunningOneBeforeSendingTheJust() {
        // The first inner runs in the sink's own slot, the second (after a switch away from a
        // running one) in a sink of its own: a `just` then ends whichever runs, first.
        let log = Collector<String>()
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let a = scheduler.createColdObservable([.next(5, "a"), .completed(100)])
        let b = scheduler.createColdObservable([.next(5, "b"), .completed(100)])
        let res = scheduler.start {
            xs.flatMapLatest { index -> Observable<String> in
                switch index {
                case 0: a.asObservable().do(onDispose: { log.append("a disposed") })
                case 1: b.asObservable().do(onDispose: { log.append("b disposed") })
                default: .just("c\(index)")
                }
            }.do(onNext: { log.append($0) })
        }
        XCTAssertEqual(res.events, [.next(215, "a"), .next(225, "b"), .next(230, "c2"), .next(250, "c3"), .completed(260)])
        XCTAssertEqual(a.subscriptions, [Subscription(210, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 230)])
        XCTAssertEqual(log.values, ["a", "a disposed", "b", "b disposed", "c2", "c3"])
    }

    func testFlatMapLatest_reentrantSourceElementWhileAnInnerDelivers_switchesInOrder() {
        // The inner `just` still delivering is switched away from.
        assertReentrantSourceElements_arriveInOrder { $0.flatMapLatest { Observable.just($0) } }
    }

    func testFlatMapLatest_justInners_followTheSource() {
        assertJustInners_followTheSource { $0.flatMapLatest { Observable.just($0) } }
    }

    func testFlatMapLatest_emptyInners_endAtOnce() {
        assertEmptyInners_endAtOnce { $0.flatMapLatest { $0 % 2 == 0 ? Observable.just($0) : Observable.empty() } }
    }

    /// `just`s, sent on without a subscription, among inner observables that end on other
    /// threads: no delivery overlaps another, and the last source element (a `just`'s) is the
    /// last delivered, before the completion.
    func testFlatMapLatest_justInnersAmongInnersEndingOnOtherThreads_deliverWithoutOverlapAndEndWithTheLatest() {
        let run = stressJustAndLaterInners({ source, select in source.flatMapLatest(select) }, last: 100_000)
        XCTAssertTrue(run.completed, "never completed")
        XCTAssertEqual(run.lastValue, 100_000)
        XCTAssertEqual(run.checker.overlaps, 0, "deliveries overlapped")
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

    func testFlatMapLatest_innersEndingOnOtherThreadsWhileSwitching_onlyNewerValuesAndTheLast() {
        // Inner observables end on worker threads, racing with the next switch.
        let workers = DispatchQueue(label: "inners", attributes: .concurrent)
        let done = DispatchSemaphore(value: 0)
        let received = Unchecked(NSLock())
        var values: [Int] = []
        let source = PublishSubject<Int>()
        let subscription = source.flatMapLatest { self.sendingLater($0, on: workers) }.subscribe(onNext: { value in received.value.withLock { values.append(value) } }, onCompleted: { done.signal() })
        for value in 0..<4000 { source.onNext(value) }
        source.onCompleted()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        received.value.withLock {
            XCTAssertEqual(values.last, 3999, "the latest inner observable always delivers")
            XCTAssertEqual(values, values.sorted(), "nothing from an inner observable after a newer one started")
            XCTAssertEqual(Set(values).count, values.count)
        }
        subscription.dispose()
    }

    func testFlatMapLatest_switchWhileAnInnerSendsOnAnotherThread_nothingOlderAfterTheSwitch() {
        // Each round switches from an inner observable that is sending on a worker thread: once
        // the newer inner's value arrived, none of the older one's may follow.
        let workers = DispatchQueue(label: "inners", attributes: .concurrent)
        var violations = 0
        for _ in 0..<300 {
            let lock = NSLock()
            var values: [Int] = []
            let sending = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            let source = PublishSubject<Int>()
            let subscription = source.flatMapLatest { value -> Observable<Int> in
                guard value == 0 else { return Observable.just(value) }
                return Observable<Int>.create { observer in
                    let inner = Unchecked(observer)
                    workers.async {
                        sending.signal()
                        for _ in 0..<200 { inner.value.onNext(0) }
                        finished.signal()
                    }
                    return Disposables.create()
                }
            }.subscribe(onNext: { value in lock.withLock { values.append(value) } })
            source.onNext(0)
            sending.wait()
            source.onNext(1)
            finished.wait()
            lock.withLock {
                if let switched = values.firstIndex(of: 1), values[switched...].contains(0) { violations += 1 }
            }
            subscription.dispose()
        }
        XCTAssertEqual(violations, 0)
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
