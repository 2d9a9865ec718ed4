import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class MergeTests: ReactiveTestCase {
    func testFlatMap_mergesInnerElementsAsTheyCome() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(40, "b"), .completed(50)])
        let inner2 = scheduler.createColdObservable([.next(5, "c"), .completed(60)])
        let res = scheduler.start { xs.flatMap { $0 == 1 ? inner1 : inner2 } }
        XCTAssertEqual(res.events, [.next(220, "a"), .next(235, "c"), .next(250, "b"), .completed(290)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(inner2.subscriptions, [Subscription(230, 290)])
    }

    func testFlatMap_innerErrorDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(400)])
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let inner2 = scheduler.createColdObservable([Recorded<Event<String>>.error(20, TestError.first)])
        let res = scheduler.start { xs.flatMap { $0 == 1 ? inner1 : inner2 } }
        XCTAssertEqual(res.events, [.next(220, "a"), .error(250, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inner2.subscriptions, [Subscription(230, 250)])
    }

    func testFlatMap_selectorErrorAndSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let inner = scheduler.createColdObservable([.next(5, 9)])
        let res = scheduler.start { xs.flatMap { value -> TestableObservable<Int> in
            if value == 2 { throw TestError.first }
            return inner
        } }
        XCTAssertEqual(res.events, [.next(215, 9), .error(230, TestError.first)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
        let failing: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError.second)]
        XCTAssertEqual(runHot(failing) { $0.flatMap { Observable.just($0) } }.events, [.next(210, 1), .error(220, TestError.second)])
    }

    func testFlatMap_emptyNeverAndDisposeInTheMiddle() {
        XCTAssertEqual(runHot([Recorded<Event<Int>>.completed(250)]) { $0.flatMap { Observable.just($0) } }.events, [.completed(250)])
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let inner = scheduler.createColdObservable([.next(10, 1), .next(200, 2)])
        let res = scheduler.start(disposed: 300) { xs.flatMap { _ in inner } }
        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
    }

    func testFlatMap_innerSubscriptionsOverlapAndTakeTurns_eachStartsAndEndsOnTime() {
        // The merge sink holds one inner subscription itself and gives others a sink of their
        // own: here the first inner runs while two others start and end, and the fourth starts
        // after the first ended (in the first one's place).
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .next(250, 2), .next(270, 3), .completed(280)])
        let inners = [
            scheduler.createColdObservable([.next(5, "a"), .next(45, "b"), .completed(50)]),
            scheduler.createColdObservable([.next(5, "c"), .completed(20)]),
            scheduler.createColdObservable([.next(15, "d"), .completed(30)]),
            scheduler.createColdObservable([.next(0, "e"), .next(20, "f"), .completed(30)]),
        ]
        let res = scheduler.start { xs.flatMap { inners[$0] } }
        XCTAssertEqual(res.events, [
            .next(215, "a"), .next(225, "c"), .next(255, "b"), .next(265, "d"),
            .next(270, "e"), .next(290, "f"), .completed(300),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
        XCTAssertEqual(inners[0].subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(inners[1].subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(250, 280)])
        XCTAssertEqual(inners[3].subscriptions, [Subscription(270, 300)])
    }

    func testFlatMap_synchronousInnersAndASynchronousError_endAtOnce() {
        let res = runHot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]) { source in
            source.flatMap { value -> Observable<Int> in
                value == 3 ? Observable.error(TestError.first) : Observable.of(value, value * 10)
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(210, 10), .next(220, 2), .next(220, 20), .error(230, TestError.first)])
        XCTAssertEqual(res.subscriptions, [Subscription(200, 230)])
    }

    func testFlatMap_reentrantSourceElementWhileAnInnerDelivers_deliversInOrder() {
        // The next inner observable cannot share the place of the one still delivering.
        assertReentrantSourceElements_arriveInOrder { $0.flatMap { Observable.just($0) } }
    }

    func testFlatMapConcatMapFlatMapFirst_justInners_followTheSource() {
        assertJustInners_followTheSource { $0.flatMap { Observable.just($0) } }
        assertJustInners_followTheSource { $0.concatMap { Observable.just($0) } }
        assertJustInners_followTheSource { $0.flatMapFirst { Observable.just($0) } }
        assertJustInners_followTheSource { $0.map { Observable.just($0) }.merge(maxConcurrent: 2) }
    }

    func testFlatMapConcatMapFlatMapFirst_emptyInners_endAtOnce() {
        func evenOnly(_ value: Int) -> Observable<Int> { value % 2 == 0 ? Observable.just(value) : Observable.empty() }
        assertEmptyInners_endAtOnce { $0.flatMap(evenOnly) }
        assertEmptyInners_endAtOnce { $0.concatMap(evenOnly) }
        assertEmptyInners_endAtOnce { $0.flatMapFirst(evenOnly) }
        assertEmptyInners_endAtOnce { $0.map(evenOnly).merge(maxConcurrent: 2) }
    }

    func testConcatMap_elementArrivingWhileAJustDelivers_isSubscribedWhenTheJustHasEnded() {
        // The `just` counts as running until its element's delivery has returned (as it would,
        // subscribed): the next inner observable waits until then.
        let source = PublishSubject<Int>()
        var log: [String] = []
        let subscription = source.concatMap { value -> Observable<Int> in
            value == 1 ? Observable.just(1) : Observable.deferred {
                log.append("subscribed \(value)")
                return Observable.just(value)
            }
        }.subscribe(onNext: { value in
            log.append("next \(value)")
            if value == 1 { source.onNext(2) }
            log.append("returns \(value)")
        })
        source.onNext(1)
        XCTAssertEqual(log, ["next 1", "returns 1", "subscribed 2", "next 2", "returns 2"])
        subscription.dispose()
    }

    func testFlatMapFirst_ignoresElementsWhileBusy() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let inner = scheduler.createColdObservable([.next(10, 0), .completed(40)])
        let res = scheduler.start { xs.flatMapFirst { value in inner.map { _ in value } } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(270, 3), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250), Subscription(260, 300)])
    }

    func testFlatMapFirst_callsTheSelectorOnlyForElementsItAccepts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300)])
        let inner = scheduler.createColdObservable([.next(10, 0), .completed(40)])
        var mapped: [Int] = []
        let res = scheduler.start { xs.flatMapFirst { value -> Observable<Int> in
            mapped.append(value)
            return inner.asObservable().map { _ in value }
        } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(270, 4), .completed(300)])
        XCTAssertEqual(mapped, [1, 4])
    }

    func testFlatMapFirst_throwingSelector_failsAndFreesNothingItDidNotTake() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.flatMapFirst { value -> Observable<Int> in
            if value == 2 { throw TestError.first }
            return .just(value)
        } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testConcatMap_queuesAndSubscribesInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let inner = scheduler.createColdObservable([.next(10, 0), .next(20, 0), .completed(30)])
        let res = scheduler.start { xs.concatMap { value in inner.map { _ in value } } }
        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 1), .next(250, 2), .next(260, 2), .completed(270)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 240), Subscription(240, 270)])
    }

    func testMerge_staticAndMaxConcurrent() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let b = scheduler.createColdObservable([.next(20, 3), .completed(25)])
        let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 3), .next(230, 2), .completed(240)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 225)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let c = scheduler2.createColdObservable([.next(10, 1), .completed(20)])
        let d = scheduler2.createColdObservable([.next(10, 2), .completed(20)])
        let e = scheduler2.createColdObservable([.next(10, 3), .completed(20)])
        let res2 = scheduler2.start { Observable.from([c.asObservable(), d.asObservable(), e.asObservable()]).merge(maxConcurrent: 2) }
        XCTAssertEqual(res2.events, [.next(210, 1), .next(210, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(e.subscriptions, [Subscription(220, 240)])
    }

    func testMerge_ofSeveralObservables_subscribesEveryOneAtSubscription_evenInsideATrampolineStep() {
        // As RxSwift's merge of an array: the sources are subscribed one after another inside
        // `subscribe`, not as later steps of the current-thread trampoline (which is running
        // here: this is an element of `of`), so what they send right after is received.
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let bag = DisposeBag()
        Observable.of(0).subscribe(onNext: { _ in
            Observable.merge(a, b).subscribe(onNext: { received.append($0) }).disposed(by: bag)
            b.onNext(5)
            a.onNext(1)
        }).disposed(by: bag)
        XCTAssertEqual(received, [5, 1])
    }

    func testMerge_ofSequences_interleavesTheirTrampolineSteps() {
        // Both `of`s are subscribed at once, and each sends one element per trampoline step.
        var received: [Int] = []
        _ = Observable.merge(Observable.of(1, 2, 3), Observable.of(4, 5, 6)).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 4, 2, 5, 3, 6])
    }

    func testMerge_of100000SynchronousObservables_doesNotGrowTheStack() {
        let one = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        var sum = 0
        var completed = false
        _ = Observable.merge(Array(repeating: one, count: 100_000)).subscribe(onNext: { sum += $0 }, onCompleted: { completed = true })
        XCTAssertEqual(sum, 100_000)
        XCTAssertTrue(completed)
    }

    func testMergeInstanceAndConcatOfObservables() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(5, 2), .completed(10)])
        let res = scheduler.start { Observable.of(a.asObservable(), b.asObservable()).concat() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(225, 2), .completed(230)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { Observable.of(a.asObservable(), b.asObservable()).merge() }
        XCTAssertEqual(res2.events, [.next(1205, 2), .next(1210, 1), .completed(1220)])
    }

    func testMerge_reentrantDisposeFromOnNext_stopsEverything() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        a.onNext(1)
        b.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)
    }

    func testMerge_reentrantSendFromOnNext_deliversInOrderWithoutOverlap() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        var depth = 0
        var maxDepth = 0
        _ = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value == 1 { b.onNext(2) }
            depth -= 1
        })
        a.onNext(1)
        a.onNext(3)
        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(maxDepth, 1, "a re-entrant event is delivered after the current one returns")
        a.onCompleted()
        b.onCompleted()
    }

    func testMerge_disposeFromAnotherThread() {
        let a = PublishSubject<Int>()
        let subscription = Observable.merge(a.asObservable(), Observable.never()).subscribe()
        disposeOnAnotherThread(subscription)
        XCTAssertFalse(a.hasObservers)
    }

    func testConcatMap_100000SynchronousInners_doNotGrowTheStack() {
        var count = 0
        var completed = false
        _ = Observable.range(start: 0, count: 100_000).concatMap { Observable.just($0) }.subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
        XCTAssertEqual(count, 100_000)
        XCTAssertTrue(completed)
    }

    func testMergeMaxConcurrentOne_100000SynchronousInners_doNotGrowTheStack() {
        var count = 0
        let subject = PublishSubject<Observable<Int>>()
        let subscription = subject.merge(maxConcurrent: 1).subscribe(onNext: { _ in count += 1 })
        let blocker = PublishSubject<Int>()
        subject.onNext(blocker.asObservable())
        for value in 0..<100_000 { subject.onNext(Observable.just(value)) }
        blocker.onCompleted()  // releases 100 000 queued synchronous inners in one loop
        XCTAssertEqual(count, 100_000)
        subscription.dispose()
    }

    /// `just`s, sent on without a subscription, among inner observables that end on other
    /// threads: every element once, none overlapping another, the completion last.
    func testFlatMapAndConcatMap_justInnersAmongInnersEndingOnOtherThreads_deliverEveryElementOnceWithoutOverlap() {
        for concat in [false, true] {
            let run = stressJustAndLaterInners { source, select in concat ? source.concatMap(select) : source.flatMap(select) }
            XCTAssertTrue(run.completed, "concat: \(concat): never completed")
            XCTAssertEqual(run.checker.delivered, 2_001, "concat: \(concat)")
            XCTAssertEqual(run.checker.overlaps, 0, "concat: \(concat): deliveries overlapped")
        }
    }

    func testFlatMap_stressFromFourThreads_countsExactly() {
        let subject = PublishSubject<Int>()
        let received = Counter()
        let subscription = subject.flatMap { value in Observable.of(value, value) }.subscribe(onNext: { _ in received.increment() })
        let serial = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<1000 {
                serial.withLock { subject.onNext(value) }  // a subject's producer must not overlap
            }
        }
        XCTAssertEqual(received.value, 8000)
        subscription.dispose()
    }

    func testFlatMap_innersEndingOnOtherThreadsWhileOthersStart_countsExactly() {
        // Inner observables end on worker threads, racing with the next ones starting, so an
        // inner subscription held in the merge sink is given back from every side.
        let workers = DispatchQueue(label: "inners", attributes: .concurrent)
        let received = Counter()
        let done = DispatchSemaphore(value: 0)
        let source = PublishSubject<Int>()
        let subscription = source.flatMap { self.sendingLater($0, on: workers) }.subscribe(onNext: { _ in received.increment() }, onCompleted: { done.signal() })
        for value in 0..<4000 { source.onNext(value) }
        source.onCompleted()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(received.value, 4000)
        subscription.dispose()
    }

    func testMerge_stressFourThreadsIntoFourSources_countsExactly() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let received = Counter()
        let concurrent = Counter()
        let overlap = Counter()
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(onNext: { _ in
            if concurrent.increment() > 1 { overlap.increment() }
            received.increment()
            _ = concurrent.decrement()
        })
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2000 { subjects[index].onNext(value) }
        }
        XCTAssertEqual(received.value, 8000)
        XCTAssertEqual(overlap.value, 0, "events to one observer never overlap")
        subscription.dispose()
    }
}
