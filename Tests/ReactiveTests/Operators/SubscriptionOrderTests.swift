import Reactive
import ReactiveTest
import XCTest

/// The order in which operators that, at one virtual time, dispose one thing and subscribe or
/// send another do so: RxSwift's, read from its source, written out in each test through the
/// `TestScheduler`'s log (`Recorded` times cannot tell these apart).
final class SubscriptionOrderTests: ReactiveTestCase {
    private let boom = TestError.first

    /// `retry` (RxSwift's tail-recursive sink swaps a fresh slot in, which disposes the failed
    /// subscription, and then subscribes again): the failed one is disposed first.
    func testRetry_disposesTheFailedSubscription_thenSubscribesAgain() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, boom)], name: "xs")
        _ = scheduler.start(disposed: 235) { xs.retry(2) }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1), .received(210, .next(1)),
            .error("xs", 220, boom),
            .disposed("xs", 220), .subscribed("xs", 220),
            .next("xs", 230, 1), .received(230, .next(1)),
            .disposed("xs", 235),
        ])
    }

    /// `retry(when:)`: each failed attempt is disposed before its error reaches the handler.
    /// The first error's element subscribes again; `take(1)` has then ended the handler's
    /// observable, so the second error ends the sequence: after the failed attempt's disposal,
    /// as in RxSwift (checked against RxSwift 6.10: at the completion, its second subscription
    /// has ended).
    func testRetryWhen_disposesTheFailedSubscription_beforeTheNotifierResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createColdObservable([.error(10, boom)], name: "xs")
        _ = scheduler.start(disposed: 225) { xs.retry { errors in errors.take(1) } }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .error("xs", 210, boom),
            .disposed("xs", 210), .subscribed("xs", 210),
            .error("xs", 220, boom),
            .disposed("xs", 220), .received(220, Event<Int>.completed),
        ])
    }

    /// `concat`: the completed source's subscription is disposed, then the next subscribed.
    func testConcat_disposesTheCompletedSource_thenSubscribesTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)], name: "xs")
        let ys: TestableObservable<Int> = scheduler.createColdObservable([.completed(10)], name: "ys")
        _ = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable()) }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1), .received(210, .next(1)),
            .completed("xs", 220),
            .disposed("xs", 220), .subscribed("ys", 220),
            .completed("ys", 230), .received(230, Event<Int>.completed), .disposed("ys", 230),
        ])
    }

    /// `flatMapLatest`: a new element disposes the previous inner subscription, then
    /// subscribes the new inner observable.
    func testFlatMapLatest_disposesThePreviousInner_thenSubscribesTheNew() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)], name: "xs")
        let first = scheduler.createColdObservable([Recorded<Event<Int>>](), name: "first")
        let second = scheduler.createColdObservable([Recorded<Event<Int>>](), name: "second")
        _ = scheduler.start(disposed: 230) { xs.flatMapLatest { $0 == 1 ? first : second } }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1), .subscribed("first", 210),
            .next("xs", 220, 2), .disposed("first", 220), .subscribed("second", 220),
            .disposed("xs", 230), .disposed("second", 230),
        ])
    }

    /// `catch`: the handler's sequence is subscribed, then the failed one disposed.
    func testCatch_subscribesTheHandlersSequence_thenDisposesTheFailedOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createColdObservable([.error(10, boom)], name: "xs")
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>](), name: "ys")
        _ = scheduler.start(disposed: 230) { xs.catch { _ in ys.asObservable() } }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .error("xs", 210, boom),
            .subscribed("ys", 210), .disposed("xs", 210),
            .disposed("ys", 230),
        ])
    }

    /// `take(until:)`: the other sequence is subscribed first; its element sends the completion,
    /// then disposes the source and the other, in that order.
    func testTakeUntil_completesThenDisposesTheSourceThenTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)], name: "xs")
        let stop = scheduler.createHotObservable([.next(220, "stop")], name: "stop")
        _ = scheduler.start { xs.take(until: stop) }
        XCTAssertEqual(scheduler.log, [
            .subscribed("stop", 200), .subscribed("xs", 200),
            .next("xs", 210, 1), .received(210, .next(1)),
            .next("stop", 220, "stop"), .received(220, Event<Int>.completed),
            .disposed("xs", 220), .disposed("stop", 220),
        ])
    }

    /// `timeout(_:other:)`: when the time runs out, the other sequence is subscribed, then the
    /// source disposed.
    func testTimeout_subscribesTheOther_thenDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 1)], name: "xs")
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>](), name: "ys")
        _ = scheduler.start(disposed: 300) { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .subscribed("ys", 220), .disposed("xs", 220),
            .disposed("ys", 300),
        ])
    }

    /// `amb`: the first sequence to send wins; the loser is disposed before the winner's event
    /// is delivered.
    func testAmb_disposesTheLoser_beforeDeliveringTheWinnersEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)], name: "xs")
        let ys = scheduler.createHotObservable([.next(220, 2)], name: "ys")
        _ = scheduler.start(disposed: 230) { xs.amb(ys) }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200), .subscribed("ys", 200),
            .next("xs", 210, 1), .disposed("ys", 210), .received(210, .next(1)),
            .disposed("xs", 230),
        ])
    }

    /// `using`: the resource is made before the sequence is subscribed; on completion, the
    /// completion is delivered, then the sequence's subscription disposed, then the resource.
    func testUsing_deliversTheCompletion_thenDisposesTheSequence_thenTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = scheduler.createColdObservable([Recorded<Event<Int>>](), name: "resource")
        let xs: TestableObservable<Int> = scheduler.createColdObservable([.completed(10)], name: "xs")
        _ = scheduler.start {
            Observable.using({ () -> SingleAssignmentDisposable in
                let held = SingleAssignmentDisposable()
                held.setDisposable(resource.subscribe(scheduler.createObserver(Int.self, name: "resource's observer")))
                return held
            }, observableFactory: { _ in xs.asObservable() })
        }
        XCTAssertEqual(scheduler.log, [
            .subscribed("resource", 200), .subscribed("xs", 200),
            .completed("xs", 210), .received(210, Event<Int>.completed),
            .disposed("xs", 210), .disposed("resource", 210),
        ])
    }

    /// `Completable.andThen`: on the first part's completion, the second is subscribed, then
    /// the first disposed.
    func testAndThen_subscribesTheSecond_thenDisposesTheFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let first: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)], name: "first")
        let second: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)], name: "second")
        _ = scheduler.start { first.asCompletable().andThen(second.asCompletable()).asObservable() }
        XCTAssertEqual(scheduler.log, [
            .subscribed("first", 200),
            .completed("first", 210), .subscribed("second", 210), .disposed("first", 210),
            .completed("second", 220), .received(220, Event<Never>.completed), .disposed("second", 220),
        ])
    }

    /// `asSingle`: a second element sends `moreThanOneElement`, then disposes the source.
    func testAsSingle_secondElement_sendsTheError_thenDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)], name: "xs")
        _ = scheduler.start { xs.asSingle().asObservable() }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1),
            .next("xs", 220, 2), .received(220, Event<Int>.error(RxError.moreThanOneElement)), .disposed("xs", 220),
        ])
    }

    /// `share()`: the source's subscription is disposed before the subscribers hear its
    /// completion; the last subscriber leaving disposes it too.
    func testShare_completion_disposesTheSourceBeforeTheSubscribersHearIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)], name: "xs")
        let other = scheduler.createObserver(Int.self, name: "other")
        var shared: Observable<Int>?
        scheduler.scheduleAt(205) { _ = shared?.subscribe(other) }
        _ = scheduler.start { () -> Observable<Int> in
            let observable = xs.share()
            shared = observable
            return observable
        }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1), .received(210, .next(1)), .received(210, .next(1), by: "other"),
            .completed("xs", 220), .disposed("xs", 220),
            .received(220, Event<Int>.completed), .received(220, Event<Int>.completed, by: "other"),
        ])
        shared = nil
    }

    /// `flatMap`, `flatMapFirst`, `merge()`, `flatMapLatest` and `ignoreElements` (a `flatMap`
    /// in RxSwift): the source's completion disposes its subscription before anything else, so
    /// with no inner observable running, before the completion is delivered.
    func testMergingOperators_sourceCompletesIdle_disposeTheSourceBeforeCompleting() {
        let operators: [(String, (Observable<Int>, TestScheduler) -> Observable<Int>)] = [
            ("flatMap", { xs, _ in xs.flatMap { Observable.just($0) } }),
            ("flatMapFirst", { xs, _ in xs.flatMapFirst { Observable.just($0) } }),
            ("merge()", { xs, _ in xs.map { Observable.just($0) }.merge() }),
            ("flatMapLatest", { xs, _ in xs.flatMapLatest { Observable.just($0) } }),
            ("ignoreElements", { xs, _ in xs.ignoreElements().asCompletable().andThen(Observable<Int>.empty()) }),
        ]
        for (name, apply) in operators {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(220)], name: "xs")
            _ = scheduler.start { apply(xs.asObservable(), scheduler) }
            XCTAssertEqual(scheduler.log, [
                .subscribed("xs", 200),
                .completed("xs", 220), .disposed("xs", 220), .received(220, Event<Int>.completed),
            ], "\(name)")
        }
    }

    /// `concatMap` and `merge(maxConcurrent:)`, RxSwift's limited merging sink: with no inner
    /// observable running, the completion is delivered first, then the source disposed.
    func testLimitedMergingOperators_sourceCompletesIdle_completeThenDisposeTheSource() {
        let operators: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("concatMap", { xs in xs.concatMap { Observable.just($0) } }),
            ("merge(maxConcurrent:)", { xs in xs.map { Observable.just($0) }.merge(maxConcurrent: 2) }),
        ]
        for (name, apply) in operators {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(220)], name: "xs")
            _ = scheduler.start { apply(xs.asObservable()) }
            XCTAssertEqual(scheduler.log, [
                .subscribed("xs", 200),
                .completed("xs", 220), .received(220, Event<Int>.completed), .disposed("xs", 220),
            ], "\(name)")
        }
    }

    /// `share(replay: 1, scope: .forever)` and `replayAll()` connected: as `share()`, the
    /// source's subscription goes before the subscribers hear its completion.
    func testReplayingShares_completion_disposeTheSourceBeforeTheSubscribersHearIt() {
        let operators: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("share(replay: 1, scope: .forever)", { xs in xs.share(replay: 1, scope: .forever) }),
            ("replayAll() connected", { xs in
                let connectable = xs.replayAll()
                _ = connectable.connect()
                return connectable.asObservable()
            }),
        ]
        for (name, apply) in operators {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = scheduler.createHotObservable([.next(210, 1), .completed(220)], name: "xs")
            _ = scheduler.start { apply(xs.asObservable()) }
            let subscribed: TestTime = name.hasPrefix("replayAll") ? 100 : 200
            XCTAssertEqual(scheduler.log, [
                .subscribed("xs", subscribed),
                .next("xs", 210, 1), .received(210, .next(1)),
                .completed("xs", 220), .disposed("xs", 220), .received(220, Event<Int>.completed),
            ], "\(name)")
        }
    }

    /// `publish().refCount()`: the last subscriber leaving disposes the source.
    func testRefCount_lastSubscriberLeaving_disposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.next(210, 1), .completed(220)], name: "xs")
        _ = scheduler.start(disposed: 215) { xs.publish().refCount() }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1), .received(210, .next(1)),
            .disposed("xs", 215),
        ])
    }

    /// `asSingle` and `asMaybe` on completion: the result is delivered, then the source
    /// disposed. `Single.flatMap`: the inner `Single` is subscribed, then the source disposed.
    func testTraitConversions_completion_deliverThenDisposeTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.next(210, 1), .completed(220)], name: "xs")
        _ = scheduler.start { xs.asSingle().asObservable() }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1),
            .completed("xs", 220), .received(220, .next(1)), .received(220, Event<Int>.completed), .disposed("xs", 220),
        ], "asSingle")

        let empty = TestScheduler(initialClock: 0)
        let ys: TestableObservable<Int> = empty.createHotObservable([.completed(220)], name: "ys")
        _ = empty.start { ys.asMaybe().asObservable() }
        XCTAssertEqual(empty.log, [
            .subscribed("ys", 200),
            .completed("ys", 220), .received(220, Event<Int>.completed), .disposed("ys", 220),
        ], "asMaybe")

        let chained = TestScheduler(initialClock: 0)
        let zs: TestableObservable<Int> = chained.createHotObservable([.next(210, 1), .completed(220)], name: "zs")
        let inner: TestableObservable<Int> = chained.createColdObservable([.next(5, 2), .completed(5)], name: "inner")
        _ = chained.start { zs.asSingle().flatMap { _ in inner.asSingle() }.asObservable() }
        XCTAssertEqual(chained.log, [
            .subscribed("zs", 200),
            .next("zs", 210, 1),
            .completed("zs", 220), .subscribed("inner", 220), .disposed("zs", 220),
            .next("inner", 225, 2), .completed("inner", 225),
            .received(225, .next(2)), .disposed("inner", 225), .received(225, Event<Int>.completed),
        ], "Single.flatMap")
    }

    /// `observe(on:)` and `subscribe(on:)` on a virtual-time scheduler: `observe(on:)` lets the
    /// source go when it completes and delivers the completion a tick later; `subscribe(on:)`
    /// subscribes a tick later, and disposes the source through the scheduler after delivering
    /// its completion, a tick later again (RxSwift's `ScheduledDisposable`).
    func testSchedulingOperators_onAVirtualTimeScheduler_orderOfSubscribeAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.next(210, 1), .completed(220)], name: "xs")
        _ = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(scheduler.log, [
            .subscribed("xs", 200),
            .next("xs", 210, 1), .received(211, .next(1)),
            .completed("xs", 220), .disposed("xs", 220), .received(221, Event<Int>.completed),
        ], "observe(on:)")

        let other = TestScheduler(initialClock: 0)
        let ys: TestableObservable<Int> = other.createColdObservable([.next(10, 1), .completed(20)], name: "ys")
        _ = other.start { ys.subscribe(on: other) }
        XCTAssertEqual(other.log, [
            .subscribed("ys", 201),
            .next("ys", 211, 1), .received(211, .next(1)),
            .completed("ys", 221), .received(221, Event<Int>.completed), .disposed("ys", 222),
        ], "subscribe(on:)")
    }
}
