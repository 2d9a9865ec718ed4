import Reactive
import ReactiveTest
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
