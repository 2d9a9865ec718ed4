import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class SingleTraitTests: ReactiveTestCase {
    func testAsSingle_oneElement_noneAndMany() {
        XCTAssertEqual(runHot([.next(210, 1), Recorded<Event<Int>>.completed(300)]) { $0.asSingle().asObservable() }.events, [.next(300, 1), .completed(300)])
        XCTAssertEqual(runHot([Recorded<Event<Int>>.completed(300)]) { $0.asSingle().asObservable() }.events, [.error(300, RxError.noElements)])
        let many = runHot([.next(210, 1), .next(220, 2), Recorded<Event<Int>>.completed(300)]) { $0.asSingle().asObservable() }
        XCTAssertEqual(many.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(many.subscriptions, [Subscription(200, 220)])
    }

    func testCreate_firstReportWins_andSubscribeClosures() {
        var results: [String] = []
        let single = Single<Int>.create { report in
            report(.success(1))
            report(.success(2))
            report(.failure(TestError.first))
            return Disposables.create()
        }
        _ = single.subscribe(onSuccess: { results.append("success \($0)") }, onFailure: { _ in results.append("failure") }, onDisposed: { results.append("disposed") })
        XCTAssertEqual(results, ["success 1", "disposed"])
        var failure: Error?
        _ = Single<Int>.error(TestError.first).subscribe(onFailure: { failure = $0 })
        XCTAssertEqual(failure as? TestError, .first)
    }

    func testTransforms_mapFlatMapZipCatchRetryCompactMap() {
        var result: [String] = []
        _ = Single.just(2).map { $0 * 10 }.flatMap { Single.just("\($0)") }.subscribe(onSuccess: { result.append($0) })
        _ = Single.zip(Single.just(1), Single.just("a"), Single.just(true)) { "\($0)\($1)\($2)" }.subscribe(onSuccess: { result.append($0) })
        _ = Single<String>.error(TestError.first).catchAndReturn("caught").subscribe(onSuccess: { result.append($0) })
        var attempts = 0
        _ = Single<String>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError.first) : .just("third")
        }.retry(3).subscribe(onSuccess: { result.append($0) })
        var completedEmpty = false
        _ = Single.just(1).compactMap { _ -> Int? in nil }.subscribe(onCompleted: { completedEmpty = true })
        XCTAssertEqual(result, ["20", "1atrue", "caught", "third"])
        XCTAssertTrue(completedEmpty)
    }

    func testFirstAndToArray_areSingles() {
        XCTAssertEqual(runHot([.next(210, 1), .next(220, 2), Recorded<Event<Int>>.completed(300)]) { $0.toArray().asObservable() }.events, [.next(300, [1, 2]), .completed(300)])
        var first: Int??
        _ = Observable.of(5, 6).first().subscribe(onSuccess: { first = $0 })
        XCTAssertEqual(first, .some(5))
    }

    func testTimeoutAndDelay_inVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single<Int>.never().timeout(.seconds(30), scheduler: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.error(230, RxError.timeout)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let res2 = scheduler2.start { Single.just(1).delay(.seconds(30), scheduler: scheduler2).asObservable() }
        XCTAssertEqual(res2.events, [.next(230, 1), .completed(231)], "the completion is delivered by a scheduled step of its own, as RxSwift does")
    }
}

final class MaybeAndCompletableTests: ReactiveTestCase {
    func testAsMaybe_emptyOneAndMany() {
        XCTAssertEqual(runHot([Recorded<Event<Int>>.completed(300)]) { $0.asMaybe().asObservable() }.events, [.completed(300)])
        XCTAssertEqual(runHot([.next(210, 1), Recorded<Event<Int>>.completed(300)]) { $0.asMaybe().asObservable() }.events, [.next(300, 1), .completed(300)])
        XCTAssertEqual(runHot([.next(210, 1), .next(220, 2), Recorded<Event<Int>>.completed(300)]) { $0.asMaybe().asObservable() }.events, [.error(220, RxError.moreThanOneElement)])
    }

    func testMaybe_subscribeClosures_andIfEmpty() {
        var log: [String] = []
        _ = Maybe<Int>.empty().subscribe(onSuccess: { log.append("success \($0)") }, onCompleted: { log.append("completed") })
        _ = Maybe.just(3).subscribe(onSuccess: { log.append("success \($0)") }, onCompleted: { log.append("completed") })
        _ = Maybe<Int>.empty().ifEmpty(default: 9).subscribe(onSuccess: { log.append("default \($0)") })
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(8)).subscribe(onSuccess: { log.append("switched \($0)") })
        XCTAssertEqual(log, ["completed", "success 3", "default 9", "switched 8"])
    }

    func testCompletableAndThen_releasesTheFirstCompletableOnceItCompleted() {
        let live = Counter()
        let second = PublishSubject<Int>()
        var received: [Int] = []
        func first() -> Completable {
            let held = LiveValue(1, live: live)  // captured by the first completable only
            return Completable.create { completed in
                _ = held
                completed(.completed)
                return Disposables.create()
            }
        }
        let subscription = first().andThen(second.asObservable()).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(live.value, 0, "the first completable is released while the second runs")
        second.onNext(5)
        XCTAssertEqual(received, [5])
        subscription.dispose()
    }

    func testCompletableAndThen_laterCompletion_disposesTheFirstAndSubscribesTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { first.asCompletable().andThen(second.asObservable().asSingle()).asObservable() }
        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 250)])
    }

    func testCompletableAndThen_firstFailing_neverSubscribesTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(30, TestError.first)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
        XCTAssertEqual(res.events, [.error(230, TestError.first)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testCompletable_andThenConcatMergeZip() {
        var log: [String] = []
        let first = Completable.create { report in
            log.append("first")
            report(.completed)
            return Disposables.create()
        }
        _ = first.andThen(Single.just(1)).subscribe(onSuccess: { log.append("then \($0)") })
        _ = Completable.concat(first, first).subscribe(onCompleted: { log.append("concat done") })
        _ = Completable.merge(first, .empty()).subscribe(onCompleted: { log.append("merge done") })
        _ = Completable.zip(first, .empty()).subscribe(onCompleted: { log.append("zip done") })
        var failed = false
        _ = Completable.error(TestError.first).andThen(Completable.empty()).subscribe(onError: { _ in failed = true })
        XCTAssertEqual(log, ["first", "then 1", "first", "first", "concat done", "first", "merge done", "first", "zip done"])
        XCTAssertTrue(failed)
        XCTAssertEqual(runHot([.next(210, 1), Recorded<Event<Int>>.completed(300)]) { $0.ignoreElements().asCompletable().asObservable() }.events, [.completed(300)])
    }
}

final class InfallibleTests: ReactiveTestCase {
    func testAsInfallible_replacesErrors() {
        let failing: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError.first)]
        XCTAssertEqual(runHot(failing) { $0.asInfallible(onErrorJustReturn: 0).asObservable() }.events, [.next(210, 1), .next(220, 0), .completed(220)])
        XCTAssertEqual(runHot(failing) { $0.asInfallible(onErrorFallbackTo: .of(7, 8)).asObservable() }.events, [.next(210, 1), .next(220, 7), .next(220, 8), .completed(220)])
        XCTAssertEqual(runHot(failing) { $0.asInfallible(onErrorRecover: { _ in .just(9) }).asObservable() }.events, [.next(210, 1), .next(220, 9), .completed(220)])
    }

    func testInfallibleOperators_keepItInfallible() {
        var values: [Int] = []
        var completed = false
        _ = Infallible.of(1, 2, 2, 3).distinctUntilChanged().map { $0 * 10 }.filter { $0 > 10 }.startWith(0).scan(0, accumulator: +)
            .subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(values, [0, 20, 50])
        XCTAssertTrue(completed)
        var combined: [String] = []
        _ = Infallible.combineLatest(Infallible.just(1), Infallible.just("a")) { "\($0)\($1)" }.subscribe(onNext: { combined.append($0) })
        XCTAssertEqual(combined, ["1a"])
    }
}
