import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class CombineLatestTests: ReactiveTestCase {
    func testCombineLatest_sendsOnceAllHaveValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(280)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { "\($0)\($1)" } }
        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "2a"), .next(240, "2b"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 280)])
    }

    func testCombineLatest_tuplesForEightSources_ofDifferentTypes() {
        let result = Observable.combineLatest(Observable.just(1), Observable.just("b"), Observable.just(3.0), Observable.just(true), Observable.just(5), Observable.just("f"), Observable.just(7), Observable.just(8)).map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)\($7)" }
        XCTAssertEqual(result.toEvents(), [.next("1b3.0true5f78"), .completed])
        let pair = Observable.combineLatest(Observable.just(1), Observable.just("x")).map { "\($0.0)\($0.1)" }
        XCTAssertEqual(pair.toEvents(), [.next("1x"), .completed])
    }

    func testCombineLatest_justSources_giveTheEventsOfSubscribedOnes() {
        assertJustSources_actAsSubscribed(.combineLatest, expected: [
            ["210 next(123)", "220 next(124)", "230 completed", "subscribed (200: 230)"],
            ["210 next(023)", "220 next(024)", "subscribed (200: 230)"],
            ["210 next(362)", "220 next(462)", "230 completed", "subscribed (200: 230)"],
            ["200 error(first)", "subscribed (200: 200)"],
            ["200 error(first)"],
            // The `empty` never sent: the next element of the one source left completes.
            ["210 completed", "subscribed (200: 210)"],
            ["210 next(132)", "subscribed (200: 215)"],
            ["200 next(123)", "200 completed"],
            ["200 completed"],
            ["123", "423", "observers true true", "disposed"],
            ["123", "completed", "disposed", "observers false false"],
        ])
    }

    func testCombineLatest_sourcesOfEveryElementLayout_eventsArriveExactly() {
        assertEveryElementLayout_eventsArriveExactly(.combineLatest)
    }

    func testCombineLatest_justSourceOfEveryElementLayout_itsElementArrivesExactly() {
        assertJustOfEveryElementLayout_elementArrivesExactly(.combineLatest)
    }

    func testCombineLatest_sourcesAndObservable_liveWhileSubscribed_releasedWithTheSubscription() {
        assertSources_liveWhileSubscribed_releasedWithTheSubscription(.combineLatest)
    }

    func testCombineLatest_selectorOfEveryArity_getsEachSourcesLatestValueInItsPlace() {
        assertEveryArity_eachSourceReadAtItsPlace(.combineLatest)
    }

    func testCombineLatest_observablesSubjectsAndOtherConvertibles_eachFormCombinesTheSame() {
        // Observables only (the overload taking them as they are), subjects (Observable
        // subclasses), and a mix with a test observable (the generic form).
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable([.next(0, 3), .completed(0)])
        let subject = BehaviorSubject(value: 2)
        let observables = Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.just(3)) { $0 * 100 + $1 * 10 + $2 }
        let subjects = Observable.combineLatest(Observable.just(1), subject, subject.asObservable()) { $0 * 100 + $1 * 10 + $2 }
        let mixed = Observable.combineLatest(Observable.just(1), subject, cold) { $0 * 100 + $1 * 10 + $2 }
        let tuples = Observable.combineLatest(Observable.just(1), subject, cold).map { "\($0)\($1)\($2)" }
        XCTAssertEqual(observables.toEvents(), [.next(123), .completed])
        XCTAssertEqual(subjects.take(1).toEvents(), [.next(122), .completed])
        var received: [String] = []
        let subscriptions = [mixed.map { "\($0)" }.subscribe(onNext: { received.append($0) }), tuples.subscribe(onNext: { received.append($0) })]
        scheduler.start()
        XCTAssertEqual(received, ["123", "123"])
        subscriptions.forEach { $0.dispose() }
    }

    func testCombineLatest_sourceCompletingEmpty_completesWhenAnotherSourceSendsAfterward() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, resultSelector: +) }
        // Not at 250: only when xs sends while every other source is done can nothing come.
        XCTAssertEqual(res.events, [.completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatest_sourceCompletingEmpty_completesWhenEverySourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let zs = scheduler.createHotObservable([.next(220, 5), .next(300, 6), .completed(350)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, zs) { $0 + $1 + $2 } }
        // zs sends at 300 while xs still runs: nothing ends then.
        XCTAssertEqual(res.events, [.completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 350)])
    }

    func testCombineLatest_collection_sourceCompletingEmpty_completesWhenAnotherSourceSendsAfterward() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let res = scheduler.start { Observable.combineLatest([xs.asObservable(), ys.asObservable()]) }
        XCTAssertEqual(res.events, [.completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatest_emptyCollection_sendsTheSelectorOfNothingThenCompletes() {
        XCTAssertEqual(Observable<Int>.combineLatest([Observable<Int>]()).toEvents(), [.next([]), .completed])
        XCTAssertEqual(Observable.combineLatest([Observable<Int>]()) { $0.count + 7 }.toEvents(), [.next(7), .completed])
        let failing = Observable.combineLatest([Observable<Int>]()) { _ -> Int in throw TestError.first }
        XCTAssertEqual(failing.toEvents(), [.error(TestError.first)])
    }

    func testCombineLatest_disposalRacingSubscriptionAndEnding_disposesEverySourceOnce() {
        assertDisposalRacingSubscriptionAndEnding_disposesEverySourceOnce { Observable.combineLatest($0, $1, $2, $3) { $0 + $1 + $2 + $3 } }
    }

    func testCombineLatest_endedWhileSubscribingASource_disposesThatSubscriptionOnReturn() {
        assertEndedWhileSubscribingASource_disposesThatSubscriptionOnReturn { Observable.combineLatest($0, $1, resultSelector: +) }
    }

    func testCombineLatest_sourceFailingWhileSubscribed_disposesEarlierSources_andSubscribesLaterOnesOnlyToDisposeThem() {
        assertSourceFailingWhileSubscribed_endsEverything { Observable.combineLatest($0, $1, $2) { $0 + $1 + $2 } }
    }

    func testCombineLatest_errorAndSelectorError_disposeAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, 1), .error(240, TestError.first)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(220, 2), .next(230, 3), .error(240, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let a = scheduler2.createHotObservable([.next(210, 1), .next(230, 2)])
        let b = scheduler2.createHotObservable([.next(220, 1)])
        let res2 = scheduler2.start { Observable.combineLatest(a, b) { x, _ -> Int in
            if x == 2 { throw TestError.second }
            return x
        } }
        XCTAssertEqual(res2.events, [.next(220, 1), .error(230, TestError.second)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatest_collection_andDisposeInMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<3).map { index in scheduler.createHotObservable([.next(210 + 10 * index, index), .next(300, 10 + index)]) }
        let res = scheduler.start(disposed: 400) { Observable.combineLatest(sources.map { $0.asObservable() }) }
        XCTAssertEqual(res.events, [.next(230, [0, 1, 2]), .next(300, [10, 1, 2]), .next(300, [10, 11, 2]), .next(300, [10, 11, 12])])
        XCTAssertEqual(sources[0].subscriptions, [Subscription(200, 400)])
    }

    func testCombineLatest_collectionOfTwelve_eachSourceDeliversAtItsOwnPlace() {
        // Past the eighth source each handler is made for its index at run time: every source
        // must still land at its own place, and complete and unsubscribe for itself.
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<12).map { index in
            scheduler.createHotObservable([.next(210 + index, index), .next(300, 100 + index), .completed(400 + index)])
        }
        let res = scheduler.start { Observable.combineLatest(sources.map { $0.asObservable() }) { $0.map(String.init).joined(separator: ",") } }
        let firsts = (0..<12).map(String.init)
        var expected: [Recorded<Event<String>>] = [.next(221, firsts.joined(separator: ","))]
        for changed in 0..<12 {
            let row = (0..<12).map { $0 <= changed ? String(100 + $0) : String($0) }
            expected.append(.next(300, row.joined(separator: ",")))
        }
        expected.append(.completed(411))
        XCTAssertEqual(res.events, expected)
        for (index, source) in sources.enumerated() {
            XCTAssertEqual(source.subscriptions, [Subscription(200, 400 + index)], "source \(index)")
        }
    }

    func testCombineLatest_reentrantDisposeFromOnNext() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = Observable.combineLatest(a, b, resultSelector: +).subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        a.onNext(1)
        b.onNext(1)
        a.onNext(5)
        XCTAssertEqual(received, [2])
        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)
    }

    func testCombineLatest_stressFromFourThreads_countsExactly() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let received = Counter()
        let subscription = Observable.combineLatest(subjects.map { $0.asObservable() }).subscribe(onNext: { _ in received.increment() })
        for subject in subjects { subject.onNext(0) }  // 1 combination
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2000 { subjects[index].onNext(value) }
        }
        XCTAssertEqual(received.value, 1 + 8000)
        subscription.dispose()
    }

    func testCombineLatest_disposeFromAnotherThread() {
        let a = PublishSubject<Int>()
        let subscription = Observable.combineLatest(a, Observable<Int>.never(), resultSelector: +).subscribe()
        disposeOnAnotherThread(subscription)
        XCTAssertFalse(a.hasObservers)
    }

    func testCombineLatest_valuesOfMixedSizesAndAlignments_readBackAtTheirOwnType() {
        let scheduler = TestScheduler(initialClock: 0)
        let bytes = scheduler.createHotObservable([.next(210, UInt8(7)), .next(260, UInt8(255))])
        let texts = scheduler.createHotObservable([.next(220, "a"), .next(250, "b")])
        let pairs = scheduler.createHotObservable([.next(230, (Int16(-3), true))])
        let doubles = scheduler.createHotObservable([.next(240, 1.5), .next(270, -2.25)])
        let res = scheduler.start {
            Observable.combineLatest(bytes, texts, pairs, doubles) { byte, text, pair, double in "\(byte) \(text) \(pair.0) \(pair.1) \(double)" }
        }
        XCTAssertEqual(res.events, [.next(240, "7 a -3 true 1.5"), .next(250, "7 b -3 true 1.5"), .next(260, "255 b -3 true 1.5"), .next(270, "255 b -3 true -2.25")])
    }

    func testCombineLatest_moreElementTypesThanTheEventTypeCacheHolds_eachStillReadsBackExactly() {
        // Each element type's event type is cached (16 entries): 20 types, twice round, make
        // every entry be replaced and looked up again; a wrong entry would misread the tag.
        func pairs<Value: Equatable>(_ value: Value) -> Bool {
            var received: [String] = []
            _ = Observable.combineLatest(Observable.just(value), Observable.just(UInt8(9))) { "\($0 == value) \($1)" }
                .subscribe(onNext: { received.append($0) }, onCompleted: { received.append("end") })
            return received == ["true 9", "end"]
        }
        for round in 0..<2 {
            let results = [
                pairs(Int8(-1)), pairs(Int16(-2)), pairs(Int32(-3)), pairs(Int64(-4)), pairs(UInt16(5)),
                pairs(UInt32(6)), pairs(UInt64(7)), pairs(Float(0.5)), pairs(Double(1.5)), pairs(true),
                pairs("text"), pairs([1, 2]), pairs(["a": 1]), pairs(Set([3])), pairs(Optional(8)),
                pairs(Character("c")), pairs((1...3).map { $0 }), pairs(TestError.first), pairs(Int?.none), pairs(UInt(10)),
            ]
            XCTAssertEqual(results, Array(repeating: true, count: 20), "round \(round)")
        }
    }

    func testCombineLatest_reentrantOnNext_sendsEveryCombinationInOrder() {
        // Elements sent from inside onNext are queued with their own snapshot and delivered after
        // the current one, each combination once: for trivial values and for references.
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.combineLatest(a, b) { $0 * 10 + $1 }.subscribe(onNext: { value in
            received.append(value)
            if value == 11 {
                a.onNext(2)
                b.onNext(3)
                a.onNext(4)
            }
        })
        a.onNext(1)
        b.onNext(1)
        XCTAssertEqual(received, [11, 21, 23, 43])
        subscription.dispose()

        let texts = PublishSubject<String>()
        let numbers = PublishSubject<Int>()
        var strings: [String] = []
        let second = Observable.combineLatest(texts, numbers) { "\($0)\($1)" }.subscribe(onNext: { value in
            strings.append(value)
            if value == "x1" {
                texts.onNext("y")
                numbers.onNext(2)
            }
        })
        texts.onNext("x")
        numbers.onNext(1)
        XCTAssertEqual(strings, ["x1", "y1", "y2"])
        second.dispose()
    }

    func testCombineLatest_referenceValues_releasedOnDisposeAndOnTermination() {
        let live = Counter()
        let a = PublishSubject<LiveValue>()
        let b = PublishSubject<LiveValue>()
        var received: [String] = []
        let subscription = Observable.combineLatest(a, b) { "\($0)\($1)" }.subscribe(onNext: { received.append($0) })
        a.onNext(LiveValue(1, live: live))
        b.onNext(LiveValue(2, live: live))
        a.onNext(LiveValue(3, live: live))
        XCTAssertEqual(received, ["12", "32"])
        XCTAssertEqual(live.value, 2, "only the latest value of each source is kept")
        subscription.dispose()
        XCTAssertEqual(live.value, 0)

        let c = PublishSubject<LiveValue>()
        var errors = 0
        let terminated = Observable.combineLatest(c, Observable.just(LiveValue(4, live: live))) { "\($0)\($1)" }.subscribe(onError: { _ in errors += 1 })
        c.onNext(LiveValue(5, live: live))
        c.onError(TestError.first)
        XCTAssertEqual(errors, 1)
        XCTAssertEqual(live.value, 0, "the error released the sink and the values it held")
        terminated.dispose()
    }

    func testCombineLatest_justSourcesTakenWhileAnEarlierSourceSendsFromAnotherThread_everyCombinationHasThem() {
        // The `just`s are taken under the operator's lock (`CombineLatestSink.receiveJusts`)
        // while the source subscribed before them sends from another thread; the last source's
        // value completes the first combination, from either thread. The observable is dropped
        // right after subscribing: the sink keeps it for the deliveries still to come.
        let first = PublishSubject<Int>()
        let stop = Counter()
        let sent = Counter()
        let sender = DispatchGroup()
        DispatchQueue.global().async(group: sender) {
            while stop.value == 0 {
                first.onNext(1)
                sent.increment()
            }
        }
        waitUntil(timeout: 10) { sent.value != 0 }
        let deadline = Date().addingTimeInterval(10)
        let checker = ContractChecker()
        let wrong = Counter()
        let received = Counter()
        // Subscriptions go on until some ran while the sender was sending: on a loaded machine
        // the sender may get no time slice during the first 2,000.
        var subscriptions = 0
        while (subscriptions < 2000 || received.value < 20) && Date() < deadline {
            subscriptions += 1
            let last = BehaviorSubject(value: LiveValue(100, live: Counter()))
            let subscription = Observable.combineLatest(first, Observable.just("ab"), Observable.just(20), last) { a, b, c, d in a + b.count + c + d.id }
                .subscribe(onNext: { value in
                    checker.enter()
                    received.increment()
                    if value != 123 { wrong.increment() }
                    checker.leave()
                })
            subscription.dispose()
        }
        stop.increment()
        XCTAssertEqual(sender.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(checker.overlaps, 0)
        XCTAssertEqual(wrong.value, 0)
        XCTAssertGreaterThan(received.value, 0, "some combination arrived")
    }

    func testCombineLatest_stressWithReferenceValuesFromFourThreads_countsExactly() {
        let subjects = (0..<4).map { _ in PublishSubject<String>() }
        let received = Counter()
        let subscription = Observable.combineLatest(subjects[0], subjects[1], subjects[2], subjects[3]) { a, b, c, d in a.count + b.count + c.count + d.count }
            .subscribe(onNext: { total in if total >= 4 { received.increment() } })
        for subject in subjects { subject.onNext("0") }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2000 { subjects[index].onNext(String(repeating: "x", count: 20 + value % 7)) }
        }
        XCTAssertEqual(received.value, 1 + 8000)
        subscription.dispose()
    }

    // Once every other source has completed and each has a value, the source left delivers
    // without the lock (`CombineLatestSink.receiveAtOnce` for a one-word plain element, as in
    // most tests here; `nextFromSoleSource` otherwise): its first element after that arms the
    // path, the next ones take it.

    func testCombineLatest_oneSourceLeft_sendsEachCombinationThenCompletesWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(230, 20), .next(240, 30), .next(250, 40), .completed(260)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(215, 11), .next(230, 21), .next(240, 31), .next(250, 41), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testCombineLatest_oneSourceLeftWithoutAValueYet_startsWithItsFirstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, "b"), .next(240, "c"), .next(250, "d"), .error(260, TestError.first)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(230, "ab"), .next(240, "ac"), .next(250, "ad"), .error(260, TestError.first)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testCombineLatest_oneSourceLeft_disposedInTheMiddle_unsubscribesAndSendsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(230, 20), .next(240, 30), .next(260, 40)])
        let res = scheduler.start(disposed: 250) { Observable.combineLatest(xs, ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 21), .next(240, 31)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatest_oneSourceLeft_selectorError_isSentOnceAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(230, 20), .next(240, 30), .next(250, 40)])
        var calls: [Int] = []
        let res = scheduler.start {
            Observable.combineLatest(xs, ys) { x, y -> Int in
                calls.append(y)
                if y == 30 { throw TestError.second }
                return x + y
            }
        }
        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 21), .error(240, TestError.second)])
        XCTAssertEqual(calls, [10, 20, 30], "no selector call after its error")
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testCombineLatest_oneSourceLeft_elementsSentFromOnNext_followTheCurrentOneInOrder() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.combineLatest(a, b) { $0 * 100 + $1 }.subscribe(onNext: { value in
            received.append(value)
            if value == 103 {
                b.onNext(4)
                b.onNext(5)
            }
            if value == 104 { b.onNext(6) }
        })
        a.onNext(1)
        a.onCompleted()
        b.onNext(1)  // arms the path
        b.onNext(2)
        b.onNext(3)  // delivered without the lock; 4 and 5 are sent during its delivery
        b.onNext(7)
        XCTAssertEqual(received, [101, 102, 103, 104, 105, 106, 107])
        subscription.dispose()
    }

    func testCombineLatest_oneSourceLeft_elementSentFromTheSelector_followsTheCurrentOne() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.combineLatest(a, b) { x, y -> Int in
            if y == 3 { b.onNext(4) }  // re-entrant, while the selector runs
            return x * 100 + y
        }.subscribe(onNext: { received.append($0) })
        a.onNext(1)
        a.onCompleted()
        b.onNext(1)
        b.onNext(2)
        b.onNext(3)
        b.onNext(5)
        XCTAssertEqual(received, [101, 102, 103, 104, 105])
        subscription.dispose()
    }

    func testCombineLatest_oneSourceLeft_disposedFromOnNext_sendsNothingMore() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = Observable.combineLatest(a, b, resultSelector: +).subscribe(onNext: { value in
            received.append(value)
            if value == 13 { subscription?.dispose() }
        })
        a.onNext(10)
        a.onCompleted()
        b.onNext(1)
        b.onNext(2)
        b.onNext(3)
        b.onNext(4)
        XCTAssertEqual(received, [11, 12, 13])
        XCTAssertFalse(b.hasObservers)
    }

    func testCombineLatest_oneSourceLeft_referenceValues_eachReplacedOneReleased() {
        let live = Counter()
        let a = PublishSubject<LiveValue>()
        let b = PublishSubject<LiveValue>()
        var received: [String] = []
        let subscription = Observable.combineLatest(a, b) { "\($0)\($1)" }.subscribe(onNext: { received.append($0) })
        a.onNext(LiveValue(1, live: live))
        a.onCompleted()
        for id in 2...5 { b.onNext(LiveValue(id, live: live)) }
        XCTAssertEqual(received, ["12", "13", "14", "15"])
        XCTAssertEqual(live.value, 2, "only the latest value of each source is kept")
        subscription.dispose()
        XCTAssertEqual(live.value, 0)
    }

    // A source left whose element is one word of plain bytes, in a row of plain bytes, takes
    // `CombineLatestSink.receiveAtOnce` (its value stored by a precomputed place); any other
    // takes `nextFromSoleSource`.

    func testCombineLatest_oneWordSourceLeftFirstInARowOfMixedSizes_eachCombinationReadsEveryPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(270)])
        let flags = scheduler.createHotObservable([.next(215, true), .completed(220)])
        let small = scheduler.createHotObservable([.next(205, Int32(7)), .completed(225)])
        let res = scheduler.start { Observable.combineLatest(xs, flags, small) { "\($0) \($1) \($2)" } }
        XCTAssertEqual(res.events, [.next(215, "1 true 7"), .next(230, "2 true 7"), .next(240, "3 true 7"), .next(250, "4 true 7"), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(flags.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(small.subscriptions, [Subscription(200, 225)])
    }

    func testCombineLatest_oneWordSourceLeft_errorAfterElements_isSentAndDisposesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1.5), .completed(215)])
        let ys = scheduler.createHotObservable([.next(220, 1.0), .next(230, 2.0), .next(240, 3.0), .error(250, TestError.first), .next(260, 4.0)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, resultSelector: +) }
        XCTAssertEqual(res.events, [.next(220, 2.5), .next(230, 3.5), .next(240, 4.5), .error(250, TestError.first)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatest_narrowPlainSourceLeft_storesOnlyItsOwnBytes() {
        // A `Bool` left before an `Int32` in the row: storing a whole word for it would overwrite
        // the `Int32`'s place.
        let scheduler = TestScheduler(initialClock: 0)
        let flags = scheduler.createHotObservable([.next(210, true), .next(230, false), .next(240, true), .completed(250)])
        let small = scheduler.createHotObservable([.next(215, Int32(-1)), .completed(220)])
        let res = scheduler.start { Observable.combineLatest(flags, small) { "\($0) \($1)" } }
        XCTAssertEqual(res.events, [.next(215, "true -1"), .next(230, "false -1"), .next(240, "true -1"), .completed(250)])
    }

    func testCombineLatest_oneSourceLeft_sendingFromThreadsInTurn_countsExactly() {
        // The source left sends from two threads in turn (never at once): each send sees what
        // the one before stored (TSan checks that the lock-free path orders them).
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let received = Collector<Int>()
        let subscription = Observable.combineLatest(a, b, resultSelector: +).subscribe(onNext: { received.append($0) })
        a.onNext(0)
        a.onCompleted()
        let queues = [DispatchQueue(label: "first"), DispatchQueue(label: "second")]
        for value in 0..<2000 {
            queues[value % 2].sync { b.onNext(value) }
        }
        XCTAssertEqual(received.values, Array(0..<2000))
        subscription.dispose()
    }

    func testCombineLatest_anElementAfterItsSourceCompleted_isIgnored() {
        // A source that breaks the contract (an element after its completion): the element is
        // not combined, as the source has ended.
        let other = BehaviorSubject(value: 10)
        let received = Collector<Int>()
        let subscription = Observable.combineLatest(RawEvents(events: [.next(1), .completed, .next(2)]), other, resultSelector: +)
            .subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received.values, [11])
        other.onNext(20)
        XCTAssertEqual(received.values, [11, 21])
        subscription.dispose()
    }
}

/// Sends its events inside `subscribe` as they are, with nothing between it and its observer
/// to hold it to the contract.
private struct RawEvents: ObservableType {
    typealias Element = Int
    let events: [Event<Int>]

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        for event in events { observer.on(event) }
        return Disposables.create()
    }
}
