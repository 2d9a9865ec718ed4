import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class ConcatTests: ReactiveTestCase {
    func testConcat_subscribesSecondAfterFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(30)])
        let res = scheduler.start { a.concat(b) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(250)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 250)])
    }

    func testConcat_errorStops_andDisposeInMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), Recorded<Event<Int>>.error(20, TestError.first)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(30)])
        let res = scheduler.start { Observable.concat(a.asObservable(), b.asObservable()) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.first)])
        XCTAssertEqual(b.subscriptions, [])
        let scheduler2 = TestScheduler(initialClock: 0)
        let c = scheduler2.createColdObservable([.next(10, 1), .completed(20)])
        let d = scheduler2.createColdObservable([.next(10, 2), .next(200, 3)])
        let res2 = scheduler2.start(disposed: 300) { Observable.concat([c.asObservable(), d.asObservable()]) }
        XCTAssertEqual(res2.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(d.subscriptions, [Subscription(220, 300)])
    }

    func testConcat_emptySequenceCompletes_andSequenceIsIteratedLazily() {
        XCTAssertEqual(Observable<Int>.concat([Observable<Int>]()).toEvents(), [.completed])
        var made = 0
        let lazySources = (0..<3).lazy.map { value -> Observable<Int> in
            made += 1
            return Observable.just(value)
        }
        let concatenated = Observable.concat(AnySequence(lazySources))
        XCTAssertEqual(made, 0)
        XCTAssertEqual(concatenated.toEvents(), [.next(0), .next(1), .next(2), .completed])
        XCTAssertEqual(made, 3)
    }

    func testConcat_100000SynchronousSources_doNotGrowTheStack() {
        var count = 0
        var completed = false
        let sources = (0..<100_000).map { Observable.just($0) }
        _ = Observable.concat(sources).subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
        XCTAssertEqual(count, 100_000)
        XCTAssertTrue(completed)
    }

    func testConcat_sourceCompletingInsideSubscribe_keepsTheNextSubscription() {
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { Observable.concat([Observable<Int>.empty(), $0]) }
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { Observable<Int>.empty().concat($0) }
    }

}

extension ObservableType {
    /// The events of a synchronous sequence.
    func toEvents() -> [Event<Element>] {
        var events: [Event<Element>] = []
        _ = subscribe { events.append($0) }
        return events
    }
}

/// A `concat` or `catch(sequence:)` among the sources of another is run by the outer one in place
/// (see `SourceStack`): what the observer sees is what the nested operator would send.
final class NestedSequentialTests: ReactiveTestCase {
    func testNestedConcat_sameEventsAsFlat_emptyNestedGoesOn() {
        let nested = Observable.concat([Observable.just(1), Observable.concat([Observable<Int>]()), Observable.concat([Observable.just(2), Observable.concat([Observable.just(3)])]), Observable.just(4)])
        var received: [String] = []
        _ = nested.subscribe(onNext: { received.append("\($0)") }, onCompleted: { received.append("|") })
        XCTAssertEqual(received, ["1", "2", "3", "4", "|"])
    }

    func testNestedCatchSequence_failuresGoOnOutward_emptyNestedCompletesTheWhole() {
        let failing = Observable<Int>.error(TestError.first)
        let failingSecond = Observable<Int>.error(TestError.second)
        var received: [String] = []
        _ = Observable.catch(sequence: [failing, Observable.catch(sequence: [failing, failingSecond]), Observable.just(7)])
            .subscribe(onNext: { received.append("\($0)") }, onError: { received.append("error \($0)") }, onCompleted: { received.append("|") })
        XCTAssertEqual(received, ["7", "|"], "the nested one failed with its last error, and the outer one went on")
        received = []
        _ = Observable.catch(sequence: [failing, Observable.catch(sequence: [failing, failingSecond])])
            .subscribe(onNext: { received.append("\($0)") }, onError: { received.append("error \($0)") }, onCompleted: { received.append("|") })
        XCTAssertEqual(received, ["error second"], "the last error, the nested one's")
        received = []
        _ = Observable.catch(sequence: [failing, Observable.catch(sequence: [Observable<Int>]()), Observable.just(7)])
            .subscribe(onNext: { received.append("\($0)") }, onError: { received.append("error \($0)") }, onCompleted: { received.append("|") })
        XCTAssertEqual(received, ["|"], "an empty nested one completes, and with it the outer one")
    }

    func testNestedRetry_retriesAsNested() {
        let attempts = Counter()
        let source = Observable<Int>.create { observer in
            attempts.increment()
            observer.onError(TestError.first)
            return Disposables.create()
        }
        var received: [String] = []
        _ = source.retry(2).retry(3).subscribe(onError: { received.append("error \($0)") })
        XCTAssertEqual(attempts.value, 6)
        XCTAssertEqual(received, ["error first"])
    }

    /// `concat` of a lazy collection or sequence whose last source is the next `concat`, 100
    /// deep: a collection's last source replaces its iterator (a stack of one), a sequence's goes
    /// on top, as in RxSwift. (The elements come on the trampoline, so that `take(100)` holds the
    /// subscription before they arrive and its end stops the endless recursion.)
    func testRecursiveConcat_collectionRunsInAStackOfOne_sequenceStacks() {
        func collection(_ index: Int) -> Observable<Int> {
            Observable.concat([0, 1].lazy.map { $0 == 0 ? Observable.just(index, scheduler: CurrentThreadScheduler.instance) : collection(index + 1) })
        }
        func sequence(_ index: Int) -> Observable<Int> {
            Observable.concat(AnySequence([0, 1].lazy.map { $0 == 0 ? Observable.just(index, scheduler: CurrentThreadScheduler.instance) : sequence(index + 1) }))
        }
        for (make, expectedDepth) in [(collection, 1), (sequence, 100)] as [((Int) -> Observable<Int>, Int)] {
            maxTailRecursiveSinkStackSize = 0
            var received: [Int] = []
            _ = make(0).take(100).subscribe(onNext: { received.append($0) })
            XCTAssertEqual(received, Array(0..<100))
            #if DEBUG
            XCTAssertEqual(maxTailRecursiveSinkStackSize, expectedDepth)
            #endif
        }
    }
}
