import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class ZipTests: ReactiveTestCase {
    func testZip_pairsByPosition_completesOnlyWhenAllSourcesCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(230, "a"), .next(240, "b"), .completed(260)])
        let res = scheduler.start { Observable.zip(xs, ys) { "\($0)\($1)" } }
        // ys is done and drained at 260, yet zip waits for xs (RxSwift 6 has no drained rule).
        XCTAssertEqual(res.events, [.next(230, "1a"), .next(240, "2b"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testZip_completedSourceRunDry_doesNotCompleteWhileOthersRun() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 1), .next(240, 2), .next(250, 3)])
        let res = scheduler.start { Observable.zip(xs, ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testZip_collection_completesWhenElementArrivesAndEveryOtherSourceIsDoneAndOneRanDry() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 1), .next(240, 2), .next(250, 3)])
        let res = scheduler.start { Observable.zip([xs.asObservable(), ys.asObservable()]) }
        // At 240 ys sends while xs is done with nothing queued: no pair can ever be made again.
        XCTAssertEqual(res.events, [.next(230, [1, 1]), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testZip_collection_doneSourceWithQueuedElements_keepsPairing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .next(250, 30), .completed(260)])
        let zs = scheduler.createHotObservable([.next(205, 100), .next(206, 200), .next(207, 300), .completed(270)])
        let res = scheduler.start { Observable.zip([xs, ys, zs].map { $0.asObservable() }) { $0.reduce(0, +) } }
        XCTAssertEqual(res.events, [.next(230, 111), .next(240, 222), .completed(270)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 270)])
    }

    func testZip_eightSourcesTuple_collection_andEmpty() {
        let zipped = Observable.zip(Observable.of(1, 2), Observable.of("a", "b"), Observable.just(3), Observable.just(4), Observable.just(5), Observable.just(6), Observable.just(7), Observable.just(8)).map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)\($7)" }
        XCTAssertEqual(zipped.toEvents(), [.next("1a345678"), .completed])
        XCTAssertEqual(Observable.zip([Observable.of(1, 2), Observable.of(3, 4, 5)]).toEvents(), [.next([1, 3]), .next([2, 4]), .completed])
        XCTAssertEqual(Observable<Int>.zip([Observable<Int>]()).toEvents(), [.completed])
    }

    func testZip_collectionOfTwelve_eachSourceDeliversAtItsOwnPlace() {
        // Past the eighth source each handler is made for its index at run time.
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<12).map { index in
            scheduler.createHotObservable([.next(210 + index, index), .next(300 - index, 100 + index), .completed(350 + index)])
        }
        let res = scheduler.start { Observable.zip(sources.map { $0.asObservable() }) }
        // Every source has to complete; each is disposed at its own completion.
        XCTAssertEqual(res.events, [.next(221, Array(0..<12)), .next(300, Array(100..<112)), .completed(361)])
        for (index, source) in sources.enumerated() {
            XCTAssertEqual(source.subscriptions, [Subscription(200, 350 + index)], "source \(index)")
        }
    }

    func testZip_disposalRacingSubscriptionAndEnding_disposesEverySourceOnce() {
        assertDisposalRacingSubscriptionAndEnding_disposesEverySourceOnce { Observable.zip($0, $1, $2, $3) { $0 + $1 + $2 + $3 } }
    }

    func testZip_endedWhileSubscribingASource_disposesThatSubscriptionOnReturn() {
        assertEndedWhileSubscribingASource_disposesThatSubscriptionOnReturn { Observable.zip($0, $1, resultSelector: +) }
    }

    func testZip_sourceFailingWhileSubscribed_disposesEarlierSources_andSubscribesLaterOnesOnlyToDisposeThem() {
        assertSourceFailingWhileSubscribed_endsEverything { Observable.zip($0, $1, $2) { $0 + $1 + $2 } }
    }

    func testZip_errorAndSelectorError_andDisposeInMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let ys = scheduler.createHotObservable([.next(215, 1), .error(230, TestError.first)])
        let res = scheduler.start { Observable.zip(xs, ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(215, 2), .error(230, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let a = scheduler2.createHotObservable([.next(210, 1), .next(310, 2)])
        let b = scheduler2.createHotObservable([.next(220, 1), .next(230, 2)])
        let res2 = scheduler2.start(disposed: 300) { Observable.zip(a, b) { x, _ -> Int in
            if x == 2 { throw TestError.second }
            return x
        } }
        XCTAssertEqual(res2.events, [.next(220, 1)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 300)])
    }

    func testZip_stressFromFourThreads_countsExactly() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let received = Counter()
        let subscription = Observable.zip(subjects.map { $0.asObservable() }).subscribe(onNext: { values in
            if Set(values).count == 1 { received.increment() }
        })
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2000 { subjects[index].onNext(value) }
        }
        XCTAssertEqual(received.value, 2000, "every tuple pairs the same positions")
        subscription.dispose()
    }

    func testZip_reentrantDisposeAndDisposeFromAnotherThread() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = Observable.zip(a, b, resultSelector: +).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        a.onNext(1)
        b.onNext(1)
        a.onNext(2)
        b.onNext(2)
        XCTAssertEqual(received, [2])
        XCTAssertFalse(a.hasObservers)

        let other = Observable.zip(a, b, resultSelector: +).subscribe()
        disposeOnAnotherThread(other)
        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)
    }

    func testZip_valuesOfMixedSizesAndAlignments_readBackAtTheirOwnType() {
        let zipped = Observable.zip(Observable.of(UInt8(1), UInt8(2)), Observable.of("a", "b"), Observable.of((Int16(-3), true), (Int16(4), false)), Observable.of(1.5, 2.5)) { byte, text, pair, double in
            "\(byte) \(text) \(pair.0) \(pair.1) \(double)"
        }
        XCTAssertEqual(zipped.toEvents(), [.next("1 a -3 true 1.5"), .next("2 b 4 false 2.5"), .completed])
    }

    func testZip_justSources_giveTheEventsOfSubscribedOnes() {
        assertJustSources_actAsSubscribed(.zip, expected: [
            ["210 next(123)", "230 completed", "subscribed (200: 230)"],
            ["210 next(023)", "subscribed (200: 230)"],
            ["210 next(352)", "230 completed", "subscribed (200: 230)"],
            ["200 error(first)", "subscribed (200: 200)"],
            ["200 error(first)"],
            ["230 completed", "subscribed (200: 230)"],
            ["210 next(132)", "subscribed (200: 215)"],
            ["200 next(123)", "200 completed"],
            ["200 completed"],
            // The 4 waits for the others' second elements.
            ["123", "observers true true", "disposed"],
            ["123", "completed", "disposed", "observers false false"],
        ])
    }

    func testZip_sourcesOfEveryElementLayout_eventsArriveExactly() {
        assertEveryElementLayout_eventsArriveExactly(.zip)
    }

    func testZip_justSourceOfEveryElementLayout_itsElementArrivesExactly() {
        assertJustOfEveryElementLayout_elementArrivesExactly(.zip)
    }

    func testZip_sourcesAndObservable_liveWhileSubscribed_releasedWithTheSubscription() {
        assertSources_liveWhileSubscribed_releasedWithTheSubscription(.zip)
    }

    func testZip_selectorOfEveryArity_getsEachSourcesValueInItsPlace() {
        assertEveryArity_eachSourceReadAtItsPlace(.zip)
    }

    func testZip_observablesSubjectsAndOtherConvertibles_eachFormZipsTheSame() {
        // Observables only (the overload taking them as they are), and a mix with a subject and
        // a test observable (the generic form), with and without a selector.
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(0, 3), .next(0, 6), .completed(0)])
        let subject = ReplaySubject<Int>.createUnbounded()
        subject.onNext(2)
        subject.onNext(5)
        let observables = Observable.zip(Observable.of(1, 4), Observable.of(2, 5), Observable.of(3, 6)) { $0 * 100 + $1 * 10 + $2 }
        let mixed = Observable.zip(Observable.of(1, 4), subject, cold) { $0 * 100 + $1 * 10 + $2 }
        let tuples = Observable.zip(Observable.of(1, 4), subject, cold).map { "\($0)\($1)\($2)" }
        XCTAssertEqual(observables.toEvents(), [.next(123), .next(456), .completed])
        var received: [String] = []
        let subscriptions = [mixed.map { "\($0)" }.subscribe(onNext: { received.append($0) }), tuples.subscribe(onNext: { received.append($0) })]
        scheduler.start()
        XCTAssertEqual(received, ["123", "456", "123", "456"])
        subscriptions.forEach { $0.dispose() }
    }

    func testZip_reentrantOnNext_sendsEveryTupleInOrder() {
        let a = PublishSubject<String>()
        let b = PublishSubject<Int>()
        var received: [String] = []
        let subscription = Observable.zip(a, b) { "\($0)\($1)" }.subscribe(onNext: { value in
            received.append(value)
            if value == "x1" {
                a.onNext("y")
                a.onNext("z")
                b.onNext(2)
                b.onNext(3)
            }
        })
        a.onNext("x")
        b.onNext(1)
        XCTAssertEqual(received, ["x1", "y2", "z3"])
        subscription.dispose()
    }

    func testZip_referenceValues_queuedAndPartialTuplesReleasedOnDispose() {
        let live = Counter()
        let a = PublishSubject<LiveValue>()
        let b = PublishSubject<LiveValue>()
        var received: [String] = []
        let subscription = Observable.zip(a, b) { "\($0)\($1)" }.subscribe(onNext: { received.append($0) })
        for id in 1...3 { a.onNext(LiveValue(id, live: live)) }
        b.onNext(LiveValue(10, live: live))
        XCTAssertEqual(received, ["110"])
        XCTAssertEqual(live.value, 2, "the sent tuple is released; the two waiting values are kept")
        subscription.dispose()
        XCTAssertEqual(live.value, 0)
    }

    func testZip_stressWithReferenceValuesFromFourThreads_pairsPositions() {
        let subjects = (0..<4).map { _ in PublishSubject<String>() }
        let received = Counter()
        let subscription = Observable.zip(subjects[0], subjects[1], subjects[2], subjects[3]) { a, b, c, d in Set([a, b, c, d]).count == 1 }
            .subscribe(onNext: { same in if same { received.increment() } })
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2000 { subjects[index].onNext("value \(value)") }
        }
        XCTAssertEqual(received.value, 2000, "every tuple pairs the same positions")
        subscription.dispose()
    }
}
