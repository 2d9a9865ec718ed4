import Reactive
import ReactiveTest
import XCTest

/// Trait operators in virtual time: exact events and the source's subscription intervals.
final class TraitOperatorsTimeTests: ReactiveTestCase {
    func testSingle_flatMapMaybeAndCompletable_catchAndDo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), Recorded<Event<Int>>.completed(10)])
        let inner = scheduler.createColdObservable([Recorded<Event<String>>.completed(20)])
        var log: [String] = []
        let res = scheduler.start {
            xs.asSingle()
                .do(onSuccess: { log.append("success \($0)") }, onSubscribe: { log.append("subscribe") })
                .flatMapMaybe { _ in inner.asMaybe() }
                .asObservable()
        }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(log, ["subscribe", "success 1"])

        let scheduler2 = TestScheduler(initialClock: 0)
        let failing = scheduler2.createColdObservable([Recorded<Event<Int>>.error(10, TestError.first)])
        let res2 = scheduler2.start { failing.asSingle().catch { _ in Single.just(5).delay(.seconds(5), scheduler: scheduler2) }.asObservable() }
        XCTAssertEqual(res2.events, [.next(215, 5), .completed(216)], "delay delivers one event per scheduled step")

        let scheduler3 = TestScheduler(initialClock: 0)
        let done = scheduler3.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let res3 = scheduler3.start { Single.just(1).flatMapCompletable { _ in done.asCompletable() }.andThen(Observable.just("after")) }
        XCTAssertEqual(res3.events, [.next(230, "after"), .completed(230)])
    }

    func testSingle_retryWhenAndTimeoutOther_disposeInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.first)])
        let res = scheduler.start(disposed: 235) {
            xs.asSingle().retry { (errors: Observable<TestError>) in errors.delay(.seconds(5), scheduler: scheduler) }.asObservable()
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(215, 225), Subscription(230, 235)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let slow = scheduler2.createColdObservable([.next(50, 1), Recorded<Event<Int>>.completed(50)])
        let res2 = scheduler2.start { slow.asSingle().timeout(.seconds(20), other: Single.just(9), scheduler: scheduler2).asObservable() }
        XCTAssertEqual(res2.events, [.next(220, 9), .completed(220)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 220)])
    }

    func testMaybe_ifEmptySwitchToSingle_andCompletableConcatInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createColdObservable([Recorded<Event<Int>>.completed(10)])
        let fallback = scheduler.createColdObservable([.next(5, 7), Recorded<Event<Int>>.completed(5)])
        let res = scheduler.start { empty.asMaybe().ifEmpty(switchTo: fallback.asSingle()).asObservable() }
        XCTAssertEqual(res.events, [.next(215, 7), .completed(215)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(210, 215)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let first = scheduler2.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler2.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res2 = scheduler2.start { Completable.concat(first.asCompletable(), second.asCompletable()).asObservable() }
        XCTAssertEqual(res2.events, [.completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testInfallible_debounceThrottleFlatMapLatestShareInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(260, 3), .error(300, TestError.first)])
        let infallible = xs.asInfallible(onErrorJustReturn: -1)
        XCTAssertEqual(scheduler.start { infallible.debounce(.seconds(20), scheduler: scheduler).asObservable() }.events, [.next(235, 2), .next(280, 3), .next(300, -1), .completed(300)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(215, 2), .next(260, 3), .completed(300)])
        XCTAssertEqual(scheduler2.start { ys.asInfallible(onErrorJustReturn: 0).throttle(.seconds(20), scheduler: scheduler2).asObservable() }.events, [.next(210, 1), .next(230, 2), .next(260, 3), .completed(300)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let inner = scheduler3.createColdObservable([.next(10, "a"), .next(50, "b")])
        let res3 = scheduler3.start { zs.asInfallible(onErrorJustReturn: 0).flatMapLatest { _ in inner.asInfallible(onErrorJustReturn: "x") }.share().asObservable() }
        XCTAssertEqual(res3.events, [.next(220, "a"), .next(250, "a"), .next(290, "b")])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 240), Subscription(240, 1000)])
    }
}
