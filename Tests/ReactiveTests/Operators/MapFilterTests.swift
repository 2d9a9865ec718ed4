import Reactive
import ReactiveTest
import XCTest

/// `map` followed by `filter`, which the library runs as one operator: every event, time and
/// subscription interval as the pair's.
final class MapFilterTests: ReactiveTestCase {
    private func typeName(_ observable: Observable<Int>) -> String {
        String(describing: type(of: observable))
    }

    /// Whether `observable` is a map with a filter joined to it.
    private func hasJoinedFilter(_ observable: Observable<Int>) -> Bool {
        (observable as? FilterFusible<Int>)?.joinedFilter != nil
    }

    func testMapFilter_filterAfterAMapNothingElseHolds_isJoinedToIt() {
        let source = PublishSubject<Int>().asObservable()
        let fused = source.map { $0 }.filter { _ in true }
        XCTAssertEqual(typeName(fused), "MapObservable<Int, Int>")
        XCTAssertTrue(hasJoinedFilter(fused))
    }

    func testMapFilter_filterOfAMapHeldElsewhere_isAnOperatorOfItsOwn() {
        let source = PublishSubject<Int>().asObservable()
        let mapped = source.map { $0 }
        let filtered = mapped.filter { _ in true }
        XCTAssertEqual(typeName(filtered), "FilterObservable<Int>")
        XCTAssertFalse(hasJoinedFilter(mapped), "a map someone holds is not changed")
    }

    func testMapFilter_aMapHeldWeaklyOrUnownedElsewhere_isNotJoined() {
        let subject = PublishSubject<Int>()
        var mapped: Observable<Int>? = subject.map { $0 * 10 }
        weak let weakMap = mapped
        // The only strong reference goes to `filter`; the weak one must still see a plain map.
        let filtered = mapped.take()!.filter { $0 > 10 }
        XCTAssertEqual(typeName(filtered), "FilterObservable<Int>")
        var all: [Int] = []
        let subscription = weakMap?.subscribe(onNext: { all.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(all, [10, 20])
        subscription?.dispose()

        var other: Observable<Int>? = subject.map { $0 * 10 }
        unowned let unownedMap = other!
        let otherFiltered = other.take()!.filter { $0 > 10 }
        XCTAssertEqual(typeName(otherFiltered), "FilterObservable<Int>")
        XCTAssertFalse(hasJoinedFilter(unownedMap))
    }

    func testMapFilter_onlyOneFilterJoins_andOnlyAMap() {
        let source = PublishSubject<Int>().asObservable()
        let twice = source.map { $0 }.filter { _ in true }.filter { _ in true }
        XCTAssertEqual(typeName(twice), "FilterObservable<Int>")
        XCTAssertEqual(typeName(source.filter { _ in true }), "FilterObservable<Int>")
        XCTAssertEqual(typeName(source.filter { _ in true }.map { $0 }), "MapObservable<Int, Int>")
        XCTAssertFalse(hasJoinedFilter(source.filter { _ in true }.map { $0 }))
    }

    func testMapFilter_aMapSubscribedBeforeTheFilterJoins_keepsItsSubscriptionAsItWas() {
        let subject = PublishSubject<Int>()
        var mapped: Observable<Int>? = subject.map { $0 * 10 }
        var all: [Int] = []
        var kept: [Int] = []
        let first = mapped?.subscribe(onNext: { all.append($0) })
        // The map's only reference goes to `filter`: the filter joins it.
        let fused = mapped.take()!.filter { $0 > 10 }
        XCTAssertTrue(hasJoinedFilter(fused))
        let second = fused.subscribe(onNext: { kept.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(all, [10, 20], "the subscription made before is a plain map's")
        XCTAssertEqual(kept, [20])
        first?.dispose()
        second.dispose()
    }

    func testMapFilter_keepsTheMappedElementsThatPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300), .next(310, 6)])
        let res = scheduler.start { xs.map { $0 * 10 }.filter { $0 != 20 && $0 != 40 } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(230, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapFilter_changesTheElementType_predicateSeesTheMappedValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 22), .next(230, 333), .completed(300)])
        var seen: [String] = []
        let res = scheduler.start {
            xs.map { "\($0)" }.filter { text in
                seen.append(text)
                return text.count != 2
            }
        }
        XCTAssertEqual(res.events, [.next(210, "1"), .next(230, "333"), .completed(300)])
        XCTAssertEqual(seen, ["1", "22", "333"])
    }

    func testMapFilter_eachClosureRunsOncePerElement_inOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var calls: [String] = []
        let res = scheduler.start {
            xs.map { value -> Int in
                calls.append("map \(value)")
                return value
            }.filter { value in
                calls.append("filter \(value)")
                return value == 2
            }
        }
        XCTAssertEqual(res.events, [.next(220, 2), .completed(300)])
        XCTAssertEqual(calls, ["map 1", "filter 1", "map 2", "filter 2"])
    }

    func testMapFilter_errorInTransform_forwardsErrorAndDisposes_predicateNotCalledForIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var transformCalls = 0
        var predicateCalls = 0
        let res = scheduler.start {
            xs.map { value -> Int in
                transformCalls += 1
                if value == 2 { throw TestError.first }
                return value
            }.filter { _ in
                predicateCalls += 1
                return true
            }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(transformCalls, 2)
        XCTAssertEqual(predicateCalls, 1)
    }

    func testMapFilter_errorInPredicate_forwardsErrorAndDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var transformCalls = 0
        let res = scheduler.start {
            xs.map { value -> Int in
                transformCalls += 1
                return value * 10
            }.filter { value in
                if value == 20 { throw TestError.second }
                return true
            }
        }
        XCTAssertEqual(res.events, [.next(210, 10), .error(220, TestError.second)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(transformCalls, 2, "nothing is mapped after the predicate failed")
    }

    func testMapFilter_errorFromSource_forwardsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.first), .next(260, 2)])
        let res = scheduler.start { xs.map { $0 + 1 }.filter { _ in true } }
        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMapFilter_never_sendsNothingAndStaysSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.map { $0 }.filter { _ in true } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testMapFilter_disposeInTheMiddle_stopsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .next(310, 3), .completed(400)])
        var transformCalls = 0
        let res = scheduler.start(disposed: 300) {
            xs.map { value -> Int in
                transformCalls += 1
                return value
            }.filter { _ in true }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(290, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(transformCalls, 2)
    }

    func testMapFilter_synchronousSource_endsInsideSubscribe() {
        var events: [Event<Int>] = []
        let subscription = Observable.from([1, 2, 3, 4]).map { $0 * 2 }.filter { $0 != 4 }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(2), .next(6), .next(8), .completed])
        subscription.dispose()
    }

    func testMapFilter_synchronousSourceWithFailingTransform_stopsAtTheFirstElement() {
        var calls = 0
        var events: [Event<Int>] = []
        _ = Observable.from([1, 2, 3]).map { _ -> Int in
            calls += 1
            throw TestError.second
        }.filter { _ in true }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError.second)])
        XCTAssertEqual(calls, 1)
    }

    func testMapFilter_reentrantDisposeFromOnNext_stopsDelivery() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.map { $0 * 2 }.filter { _ in true }.subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, [2])
        XCTAssertFalse(subject.hasObservers)
    }

    func testMapFilter_reentrantSend_isDeliveredInsideTheCurrentDelivery_asByThePair() {
        let subject = PublishSubject<Int>()
        var received: [String] = []
        let subscription = subject.map { $0 + 100 }.filter { $0 % 2 == 1 }.subscribe(onNext: { value in
            received.append("begin \(value)")
            if value == 101 { subject.onNext(3) }
            received.append("end \(value)")
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, ["begin 101", "begin 103", "end 103", "end 101"])
        subscription.dispose()
    }

    func testMapFilter_theMapHeldElsewhere_staysAPlainMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var transformCalls = 0
        let mapped = xs.map { value -> Int in
            transformCalls += 1
            return value * 10
        }
        let filtered = mapped.filter { $0 > 10 }
        let all = scheduler.createObserver(Int.self)
        let kept = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = mapped.subscribe(all)
            _ = filtered.subscribe(kept)
        }
        scheduler.start()
        XCTAssertEqual(all.events, [.next(210, 10), .next(220, 20), .completed(300)])
        XCTAssertEqual(kept.events, [.next(220, 20), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300), Subscription(200, 300)])
        XCTAssertEqual(transformCalls, 4, "each subscription maps for itself, as a cold map does")
    }

    // MARK: two pairs in a row, both keeping the element type: one sink

    /// Whether `observable`'s subscriptions run it and the map-and-filter before it as one sink.
    private func runsWithThePairBefore<Element>(_ observable: Observable<Element>) -> Bool {
        (observable as? FilterFusible<Element>)?.runsWithThePairBefore ?? false
    }

    func testTwoPairs_bothKeepingTheElementType_runAsOneSink_andOnlyThen() {
        let source = PublishSubject<Int>().asObservable()
        XCTAssertTrue(runsWithThePairBefore(source.map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }))
        XCTAssertFalse(runsWithThePairBefore(source.map { $0 }.filter { _ in true }.map { "\($0)" }.filter { _ in true }), "a second pair that changes the type")
        XCTAssertFalse(runsWithThePairBefore(source.map { $0 }.filter { _ in true }), "one pair")
        XCTAssertFalse(runsWithThePairBefore(source.map { $0 }.filter { _ in true }.map { $0 }), "no filter after the second map")
        XCTAssertFalse(runsWithThePairBefore(source.map { $0 }.map { $0 }.filter { _ in true }), "no filter after the first map")
        XCTAssertFalse(runsWithThePairBefore(source.map { "\($0)" }.filter { _ in true }.map { $0 }.filter { _ in true }), "a first pair that changes the type")
    }

    func testTwoPairs_keepWhatBothPass_asTheTwoPairs() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(300), .next(310, 6)])
        let chain = xs.map { $0 * 10 }.filter { $0 != 20 }.map { $0 + 1 }.filter { $0 != 41 }
        XCTAssertTrue(runsWithThePairBefore(chain))
        let res = scheduler.start { chain }
        XCTAssertEqual(res.events, [.next(210, 11), .next(230, 31), .next(250, 51), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    /// A second pair that changes the type runs as a pair sink of its own after the first:
    /// what passes is the same.
    func testTwoPairs_secondChangingTheType_keepWhatBothPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .error(300, TestError.first)])
        let chain = xs.map { $0 * 10 }.filter { $0 != 20 }.map { "<\($0)>" }.filter { $0 != "<40>" }
        XCTAssertFalse(runsWithThePairBefore(chain))
        let res = scheduler.start { chain }
        XCTAssertEqual(res.events, [.next(210, "<10>"), .next(230, "<30>"), .error(300, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTwoPairs_eachClosureRunsOncePerElement_onWhatTheOneBeforePassed_inOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var calls: [String] = []
        let res = scheduler.start {
            xs.map { value -> Int in
                calls.append("map \(value)")
                return value + 10
            }.filter { value in
                calls.append("filter \(value)")
                return value != 12
            }.map { value -> Int in
                calls.append("second map \(value)")
                return value * 2
            }.filter { value in
                calls.append("second filter \(value)")
                return value != 26
            }
        }
        XCTAssertEqual(res.events, [.next(210, 22), .completed(300)])
        XCTAssertEqual(calls, [
            "map 1", "filter 11", "second map 11", "second filter 22",
            "map 2", "filter 12",
            "map 3", "filter 13", "second map 13", "second filter 26",
        ])
    }

    /// An error thrown by any of the four closures is sent at once and ends the subscription;
    /// no closure runs after it.
    func testTwoPairs_errorInAnyClosure_forwardsErrorAndDisposes_nothingRunsAfter() {
        for failing in 0..<4 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            var calls: [Int] = []
            // Closure `index` throws on the element 2.
            func step(_ index: Int, _ value: Int) throws {
                calls.append(index)
                if index == failing && value == 2 { throw TestError.first }
            }
            let res = scheduler.start {
                xs.map { value -> Int in
                    try step(0, value)
                    return value
                }.filter { value in
                    try step(1, value)
                    return true
                }.map { value -> Int in
                    try step(2, value)
                    return value
                }.filter { value in
                    try step(3, value)
                    return true
                }
            }
            XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)], "closure \(failing)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)], "closure \(failing)")
            XCTAssertEqual(calls, [0, 1, 2, 3] + Array(0...failing), "closure \(failing)")
        }
    }

    func testTwoPairs_errorFromTheSource_passesThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.second), .next(260, 2)])
        let failed = scheduler.start { failing.map { $0 + 1 }.filter { _ in true }.map { $0 * 2 }.filter { _ in true } }
        XCTAssertEqual(failed.events, [.next(210, 4), .error(250, TestError.second)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 250)])
    }

    func testTwoPairs_disposeInTheMiddle_stopsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .next(310, 3), .completed(400)])
        var calls = 0
        let res = scheduler.start(disposed: 300) {
            xs.map { $0 }.filter { _ in true }.map { value -> Int in
                calls += 1
                return value
            }.filter { _ in true }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(290, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(calls, 2)
    }

    func testTwoPairs_synchronousSource_endsInsideSubscribe() {
        var events: [Event<Int>] = []
        let pair: Observable<Int> = Observable.from([1, 2, 3, 4]).map { $0 * 2 }.filter { $0 != 4 }
        let subscription = pair.map { $0 + 1 }.filter { $0 != 7 }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(3), .next(9), .completed])
        subscription.dispose()
    }

    func testTwoPairs_reentrantDisposeFromOnNext_stopsDelivery() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.map { $0 * 2 }.filter { _ in true }.map { $0 + 1 }.filter { _ in true }.subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, [3])
        XCTAssertFalse(subject.hasObservers)
    }

    /// Three pairs: the last two are one sink, the first is a sink of its own; five: two and two
    /// and one. Every element goes through every closure in order.
    func testOddNumberOfPairs_everyPairStillRuns() {
        for pairs in [3, 5] {
            var chain = Observable.from([1, 2, 3, 4, 5, 6])
            for index in 0..<pairs {
                chain = chain.map { $0 + 1 }.filter { $0 != 4 + index }
            }
            XCTAssertTrue(runsWithThePairBefore(chain))
            var events: [Event<Int>] = []
            _ = chain.subscribe { events.append($0) }
            // Element e reaches the end as e + pairs unless some pair k saw it as 4 + k, that is
            // e + k + 1 == 4 + k: e == 3 never passes, every other does.
            XCTAssertEqual(events, [1, 2, 4, 5, 6].map { .next($0 + pairs) } + [.completed], "\(pairs) pairs")
        }
    }

    /// The first pair is only read: held and subscribed on its own, it runs as a pair, and the
    /// two pairs' subscription subscribes the source itself, once.
    func testTwoPairs_theFirstPairHeldElsewhere_runsOnItsOwnToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var firstCalls = 0
        let first = xs.map { value -> Int in
            firstCalls += 1
            return value * 10
        }.filter { $0 > 10 }
        let both = first.map { $0 + 1 }.filter { _ in true }
        XCTAssertTrue(runsWithThePairBefore(both))
        let pairObserver = scheduler.createObserver(Int.self)
        let bothObserver = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = first.subscribe(pairObserver)
            _ = both.subscribe(bothObserver)
        }
        scheduler.start()
        XCTAssertEqual(pairObserver.events, [.next(220, 20), .completed(300)])
        XCTAssertEqual(bothObserver.events, [.next(220, 21), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300), Subscription(200, 300)])
        XCTAssertEqual(firstCalls, 4)
    }
}
