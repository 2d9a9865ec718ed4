import Reactive
import ReactiveTest
import XCTest

/// `andThen` runs the second after the first completed, never before nor alongside, for every
/// trait it continues with and along chains of any shape: checked by the subscription intervals
/// of sources of different lengths (a swapped order gives other intervals and times).
final class AndThenTests: ReactiveTestCase {
    /// A completable that completes `after` ticks after its subscription, and its recording.
    private func completing(_ scheduler: TestScheduler, after: TestTime) -> (Completable, TestableObservable<Never>) {
        let source = scheduler.createColdObservable([Recorded<Event<Never>>.completed(after)])
        return (source.asCompletable(), source)
    }

    func testCompletableAndThenCompletable_subscribesTheSecondWhenTheFirstCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let (first, firstSource) = completing(scheduler, after: 30)
        let (second, secondSource) = completing(scheduler, after: 10)
        let res = scheduler.start { first.andThen(second).asObservable() }
        XCTAssertEqual(res.events, [Recorded<Event<Never>>.completed(240)])
        XCTAssertEqual(firstSource.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(secondSource.subscriptions, [Subscription(230, 240)])
    }

    func testChainsOfThree_runInWritingOrder_whateverTheNesting() {
        for nested in [false, true] {
            let scheduler = TestScheduler(initialClock: 0)
            let (a, aSource) = completing(scheduler, after: 30)
            let (b, bSource) = completing(scheduler, after: 20)
            let (c, cSource) = completing(scheduler, after: 10)
            let res = scheduler.start { (nested ? a.andThen(b.andThen(c)) : a.andThen(b).andThen(c)).asObservable() }
            XCTAssertEqual(res.events, [Recorded<Event<Never>>.completed(260)], "nested: \(nested)")
            XCTAssertEqual(aSource.subscriptions, [Subscription(200, 230)], "nested: \(nested)")
            XCTAssertEqual(bSource.subscriptions, [Subscription(230, 250)], "nested: \(nested)")
            XCTAssertEqual(cSource.subscriptions, [Subscription(250, 260)], "nested: \(nested)")
        }
    }

    func testAndThenObservable_elementsOnlyFromTheSecond_afterTheFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let (first, firstSource) = completing(scheduler, after: 30)
        let second = scheduler.createColdObservable([.next(5, 1), .next(15, 2), .completed(20)])
        let res = scheduler.start { first.andThen(second.asObservable()) }
        XCTAssertEqual(res.events, [.next(235, 1), .next(245, 2), .completed(250)])
        XCTAssertEqual(firstSource.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 250)])
    }

    func testAndThenSingleAndMaybe_afterTheFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let (first, firstSource) = completing(scheduler, after: 30)
        let second = scheduler.createColdObservable([.next(5, 7), .completed(5)])
        let single = scheduler.start { first.andThen(second.asSingle()).asObservable() }
        XCTAssertEqual(single.events, [.next(235, 7), .completed(235)])
        XCTAssertEqual(firstSource.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 235)])

        let maybeScheduler = TestScheduler(initialClock: 0)
        let (maybeFirst, _) = completing(maybeScheduler, after: 30)
        let maybeSecond = maybeScheduler.createColdObservable([Recorded<Event<Int>>.completed(5)])
        let maybe = maybeScheduler.start { maybeFirst.andThen(maybeSecond.asMaybe()).asObservable() }
        XCTAssertEqual(maybe.events, [.completed(235)])
        XCTAssertEqual(maybeSecond.subscriptions, [Subscription(230, 235)])
    }

    func testFirstFails_secondNeverSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(30, TestError.first)])
        let (second, secondSource) = completing(scheduler, after: 10)
        let res = scheduler.start { first.asCompletable().andThen(second).asObservable() }
        XCTAssertEqual(res.events, [.error(230, TestError.first)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(secondSource.subscriptions, [])
    }

    func testDisposedWhileTheSecondRuns_disposesTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let (first, firstSource) = completing(scheduler, after: 30)
        let (second, secondSource) = completing(scheduler, after: 100)
        let res = scheduler.start(disposed: 260) { first.andThen(second).asObservable() }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(firstSource.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(secondSource.subscriptions, [Subscription(230, 260)])
    }
}
