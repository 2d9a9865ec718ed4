import Reactive
import ReactiveTest
import XCTest

/// Every trait operator once in virtual time, over a cold source subscribed at 200.
final class TraitOperatorsVirtualTimeTests: ReactiveTestCase {
    private func run<Element: Equatable>(_ make: @escaping (TestScheduler) -> Observable<Element>) -> [Recorded<Event<Element>>] {
        let scheduler = TestScheduler(initialClock: 0)
        return scheduler.start { make(scheduler) }.events
    }

    private func single(_ scheduler: TestScheduler, _ value: Int, at time: TestTime = 10) -> Single<Int> {
        scheduler.createColdObservable([.next(time, value), .completed(time)]).asSingle()
    }

    func testSingle_creationForms() {
        XCTAssertEqual(run { _ in Single.just(1).asObservable() }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(run { _ in Single<Int>.error(TestError.first).asObservable() }, [.error(200, TestError.first)])
        XCTAssertEqual(run { _ in Single<Int>.never().asObservable() }, [])
        XCTAssertEqual(run { s in Single.deferred { self.single(s, 4) }.asObservable() }, [.next(210, 4), .completed(210)])
        XCTAssertEqual(run { s in Single<Int>.create { report in
            s.scheduleRelative((), dueTime: .seconds(5)) { _ in
                report(.success(6))
                return Disposables.create()
            }
        }.asObservable() }, [.next(205, 6), .completed(205)])
        XCTAssertEqual(run { s in Single.just(7, scheduler: s).asObservable() }, [.next(201, 7), .completed(202)])
    }

    func testSingle_transforms() {
        XCTAssertEqual(run { s in self.single(s, 2).map { $0 * 3 }.asObservable() }, [.next(210, 6), .completed(210)])
        XCTAssertEqual(run { s in self.single(s, 2).compactMap { $0 > 5 ? $0 : nil }.asObservable() }, [.completed(210)])
        XCTAssertEqual(run { s in self.single(s, 2).flatMap { self.single(s, $0 + 1, at: 5) }.asObservable() }, [.next(215, 3), .completed(215)])
        XCTAssertEqual(run { s in self.single(s, 2).filter { $0 > 1 }.asObservable() }, [.next(210, 2), .completed(210)])
        XCTAssertEqual(run { s in Single.zip(self.single(s, 1, at: 10), self.single(s, 2, at: 30)) { $0 + $1 }.asObservable() }, [.next(230, 3), .completed(230)])
        XCTAssertEqual(run { s in Single.zip(self.single(s, 1), self.single(s, 2)).map { "\($0.0)\($0.1)" }.asObservable() }, [.next(210, "12"), .completed(210)])
        let failing: (TestScheduler) -> Single<Int> = { s in s.createColdObservable([Recorded<Event<Int>>.error(10, TestError.first)]).asSingle() }
        XCTAssertEqual(run { s in failing(s).catchAndReturn(0).asObservable() }, [.next(210, 0), .completed(210)])
        XCTAssertEqual(run { s in failing(s).retry(2).asObservable() }, [.error(220, TestError.first)])
        var attempts = 0
        XCTAssertEqual(run { s in Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? failing(s) : self.single(s, 5)
        }.retry().asObservable() }, [.next(230, 5), .completed(230)])
        XCTAssertEqual(run { s in self.single(s, 1).asMaybe().asObservable() }, [.next(210, 1), .completed(210)])
        XCTAssertEqual(run { s in self.single(s, 1).asCompletable().asObservable() }, [Recorded<Event<Never>>.completed(210)])
        XCTAssertEqual(run { s in self.single(s, 1).observe(on: s).asObservable() }, [.next(211, 1), .completed(212)], "observe(on:) delivers one event per scheduled step")
        XCTAssertEqual(run { s in self.single(s, 1).delaySubscription(.seconds(5), scheduler: s).asObservable() }, [.next(215, 1), .completed(215)])
    }

    func testMaybe_creationAndTransforms() {
        XCTAssertEqual(run { _ in Maybe.just(1).asObservable() }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(run { _ in Maybe<Int>.empty().asObservable() }, [.completed(200)])
        XCTAssertEqual(run { s in Maybe<Int>.create { report in
            s.scheduleRelative((), dueTime: .seconds(5)) { _ in
                report(.completed)
                return Disposables.create()
            }
        }.asObservable() }, [.completed(205)])
        let maybe: (TestScheduler) -> Maybe<Int> = { s in s.createColdObservable([.next(10, 4), .completed(10)]).asMaybe() }
        XCTAssertEqual(run { s in maybe(s).map { $0 + 1 }.asObservable() }, [.next(210, 5), .completed(210)])
        XCTAssertEqual(run { s in maybe(s).compactMap { _ -> Int? in nil }.asObservable() }, [.completed(210)])
        XCTAssertEqual(run { s in maybe(s).filter { $0 > 10 }.ifEmpty(default: 9).asObservable() }, [.next(210, 9), .completed(210)])
        XCTAssertEqual(run { s in maybe(s).flatMap { _ in Maybe<Int>.empty() }.ifEmpty(switchTo: Maybe.just(8)).asObservable() }, [.next(210, 8), .completed(210)])
        XCTAssertEqual(run { s in Maybe<Int>.error(TestError.first).catchAndReturn(1).asObservable() }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(run { s in maybe(s).asCompletable().asObservable() }, [Recorded<Event<Never>>.completed(210)])
        XCTAssertEqual(run { s in maybe(s).timeout(.seconds(5), scheduler: s).asObservable() }, [.error(205, RxError.timeout)])
        XCTAssertEqual(run { s in maybe(s).flatMap { .just($0 * 2) }.asObservable() }, [.next(210, 8), .completed(210)], "flatMap { .just(…) } infers a Maybe, as in RxSwift")
        XCTAssertEqual(run { s in maybe(s).flatMapCompletable { _ in Completable.empty() }.asObservable() }, [Recorded<Event<Never>>.completed(210)])
        XCTAssertEqual(run { s in Maybe.zip(maybe(s), Maybe.just(1)) { $0 + $1 }.asObservable() }, [.next(210, 5), .completed(210)])
        // zip completes once both have completed (RxSwift 6), not when the empty one does.
        XCTAssertEqual(run { s in Maybe.zip(maybe(s), Maybe<Int>.empty()) { $0 + $1 }.asObservable() }, [.completed(210)])
    }

    func testCompletable_forms() {
        let done: (TestScheduler, TestTime) -> Completable = { s, time in s.createColdObservable([Recorded<Event<Never>>.completed(time)]).asCompletable() }
        XCTAssertEqual(run { _ in Completable.empty().asObservable() }, [Recorded<Event<Never>>.completed(200)])
        XCTAssertEqual(run { s in Completable.create { report in
            s.scheduleRelative((), dueTime: .seconds(5)) { _ in
                report(.error(TestError.first))
                return Disposables.create()
            }
        }.asObservable() }, [Recorded<Event<Never>>.error(205, TestError.first)])
        XCTAssertEqual(run { s in done(s, 10).andThen(Maybe.just(1)).asObservable() }, [.next(210, 1), .completed(210)])
        XCTAssertEqual(run { s in done(s, 10).andThen(done(s, 5)).asObservable() }, [Recorded<Event<Never>>.completed(215)])
        XCTAssertEqual(run { s in Completable.merge(done(s, 10), done(s, 30)).asObservable() }, [Recorded<Event<Never>>.completed(230)])
        XCTAssertEqual(run { s in Completable.zip(done(s, 10), done(s, 20)).asObservable() }, [Recorded<Event<Never>>.completed(220)])
        var log: [String] = []
        XCTAssertEqual(run { s in done(s, 10).do(onCompleted: { log.append("completed") }, onSubscribe: { log.append("subscribe") }).asObservable() }, [Recorded<Event<Never>>.completed(210)])
        XCTAssertEqual(log, ["subscribe", "completed"])
    }

    func testInfallible_creationAndRemainingOperators() {
        XCTAssertEqual(run { _ in Infallible.just(1).asObservable() }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(run { _ in Infallible<Int>.empty().asObservable() }, [.completed(200)])
        XCTAssertEqual(run { _ in Infallible<Int>.never().asObservable() }, [])
        XCTAssertEqual(run { _ in Infallible.from([1, 2]).asObservable() }, [.next(200, 1), .next(200, 2), .completed(200)])
        XCTAssertEqual(run { s in Infallible<Int>.create { emit in
            s.scheduleRelative((), dueTime: .seconds(5)) { _ in
                emit(.next(3))
                emit(.completed)
                return Disposables.create()
            }
        }.asObservable() }, [.next(205, 3), .completed(205)])
        let ticks: (TestScheduler) -> Infallible<Int> = { s in s.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)]).asInfallible(onErrorJustReturn: 0) }
        XCTAssertEqual(run { s in ticks(s).compactMap { $0 > 1 ? $0 : nil }.asObservable() }, [.next(220, 2), .completed(230)])
        XCTAssertEqual(run { s in ticks(s).flatMap { value in Infallible.just(value * 10) }.asObservable() }, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(run { s in ticks(s).concatMap { value in Infallible.of(value, value) }.asObservable() }, [.next(210, 1), .next(210, 1), .next(220, 2), .next(220, 2), .completed(230)])
        XCTAssertEqual(run { s in ticks(s).take(1).asObservable() }, [.next(210, 1), .completed(210)])
        XCTAssertEqual(run { s in ticks(s).skip(1).asObservable() }, [.next(220, 2), .completed(230)])
        XCTAssertEqual(run { s in ticks(s).observe(on: s).asObservable() }, [.next(211, 1), .next(221, 2), .completed(231)])
        XCTAssertEqual(run { s in Infallible.merge(ticks(s), Infallible.just(9)).asObservable() }, [.next(200, 9), .next(210, 1), .next(220, 2), .completed(230)])
        var seen: [Int] = []
        XCTAssertEqual(run { s in ticks(s).do(onNext: { seen.append($0) }).asObservable() }, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(seen, [1, 2])
    }
}
