import Foundation
import Reactive
import ReactiveBlocking
import ReactiveTest
import XCTest

/// The Single, Maybe and Completable declarations RxSwift has, in virtual time where time counts.
final class TraitParityTests: ReactiveTestCase {
    func testMaybe_justOnScheduler_subscribeWithOneClosure_andWithObject() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Maybe.just(4, scheduler: scheduler).asObservable() }
        XCTAssertEqual(res.events, [.next(201, 4), .completed(202)], "as Observable.just(_:scheduler:): the completion is scheduled after the element")
        var events: [MaybeEvent<Int>] = []
        _ = Maybe.just(1).subscribe { events.append($0) }
        _ = Maybe<Int>.empty().subscribe { events.append($0) }
        _ = Maybe<Int>.error(TestError.first).subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .completed, .error(TestError.first)])
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Maybe.just(2).subscribe(with: owner, onSuccess: { $0.log.append("success \($1)") }, onDisposed: { $0.log.append("disposed") })
        _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { $0.log.append("completed") })
        XCTAssertEqual(owner.log, ["success 2", "disposed", "completed"])
    }

    func testCompletable_subscribeWithOneClosure_andWithObject() {
        var events: [CompletableEvent] = []
        _ = Completable.empty().subscribe { events.append($0) }
        _ = Completable.error(TestError.second).subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed, .error(TestError.second)])
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Completable.empty().subscribe(with: owner, onCompleted: { $0.log.append("completed") }, onDisposed: { $0.log.append("disposed") })
        _ = Completable.error(TestError.first).subscribe(with: owner, onError: { owner, _ in owner.log.append("error") })
        XCTAssertEqual(owner.log, ["completed", "disposed", "error"])
    }

    func testMaybeAndCompletable_fullDo_callsEveryHandlerInOrder() {
        var log: [String] = []
        _ = Maybe.just(1).do(
            onNext: { log.append("onNext \($0)") }, afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }).subscribe()
        XCTAssertEqual(log, ["onSubscribe", "onNext 1", "afterNext 1", "onCompleted", "afterCompleted", "onSubscribed", "onDispose"])
        log = []
        _ = Completable.error(TestError.first).do(
            onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") },
            onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }).subscribe()
        XCTAssertEqual(log, ["onSubscribe", "onError", "afterError", "onSubscribed", "onDispose"])
    }

    func testMaybeZip_tupleForm_andFlatMapInfersAMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)]).asMaybe()
        let b = scheduler.createColdObservable([.next(20, "x"), .completed(20)]).asMaybe()
        let res = scheduler.start { Maybe.zip(a, b).map { "\($0)\($1)" }.asObservable() }
        XCTAssertEqual(res.events, [.next(220, "1x"), .completed(220)])
        XCTAssertEqual(Maybe.just(3).flatMap { .just($0 + 1) }.asObservable().toEvents(), [.next(4), .completed])
    }

    func testSingleZip_overACollection_withAndWithoutSelector_andEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let singles = [10, 30, 20].map { time in scheduler.createColdObservable([.next(time, time), .completed(time)]).asSingle() }
        let res = scheduler.start { Single.zip(singles).asObservable() }
        XCTAssertEqual(res.events, [.next(230, [10, 30, 20]), .completed(230)])
        XCTAssertEqual(Single.zip([Single.just(1), Single.just(2)]) { $0.reduce(0, +) }.asObservable().toEvents(), [.next(3), .completed])
        XCTAssertEqual(Single.zip([Single<Int>]()).asObservable().toEvents(), [.next([]), .completed])
        XCTAssertEqual(Single.zip([Single<Int>]()) { $0.count + 5 }.asObservable().toEvents(), [.next(5), .completed])
    }

    func testCompletable_zipAndConcat_overCollectionsAndSequences_andInstanceConcat() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let zipped = scheduler.start { Completable.zip([first.asCompletable(), second.asCompletable()]).asObservable() }
        XCTAssertEqual(zipped.events, [.completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 210)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let a = scheduler2.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let b = scheduler2.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let concatenated = scheduler2.start { Completable.concat([a.asCompletable(), b.asCompletable()].lazy.map { $0 }).asObservable() }
        XCTAssertEqual(concatenated.events, [.completed(240)])
        XCTAssertEqual(b.subscriptions, [Subscription(230, 240)])
        XCTAssertEqual(Completable.empty().concat(Completable.error(TestError.first)).asObservable().toEvents(), [.error(TestError.first)])
        XCTAssertEqual(Completable.concat([Completable.empty(), .empty()]).asObservable().toEvents(), [.completed])
    }

    func testTimerAndUsing_forTraits() {
        let scheduler = TestScheduler(initialClock: 0)
        let single = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler).asObservable() }
        XCTAssertEqual(single.events, [.next(230, 0), .completed(230)])
        let maybe = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { Maybe<Int>.timer(.seconds(5), scheduler: scheduler).asObservable() }
        XCTAssertEqual(maybe.events, [.next(1205, 0), .completed(1205)])
        let resource = BooleanDisposable()
        let using = Single.using({ resource }, primitiveSequenceFactory: { _ in Single.just(7) })
        XCTAssertEqual(using.asObservable().toEvents(), [.next(7), .completed])
        XCTAssertTrue(resource.isDisposed)
    }

    func testRetryWhen_handlerOfAnyError_infersWithoutAnnotation() {
        var attempts = 0
        let failing = Observable<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError.first) : .just(attempts)
        }
        XCTAssertEqual(failing.retry { errors in errors.map { _ in () } }.toEvents(), [.next(3), .completed])
        attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return attempts < 2 ? .error(TestError.first) : .just(attempts)
        }
        XCTAssertEqual(single.retry { errors in errors }.asObservable().toEvents(), [.next(2), .completed])
    }

    func testPrimitiveSequenceType_andObserverTypealiases() {
        func elementCount<Sequence: PrimitiveSequenceType>(_ sequence: Sequence) -> Int {
            sequence.primitiveSequence.asObservable().toEvents().count
        }
        XCTAssertEqual(elementCount(Single.just(1)), 2)
        XCTAssertEqual(elementCount(Completable.empty()), 1)
        let single: Single<Int>.SingleObserver = { _ in }
        let maybe: Maybe<Int>.MaybeObserver = { _ in }
        let completable: Completable.CompletableObserver = { _ in }
        single(.success(1))
        maybe(.completed)
        completable(.completed)
    }

    func testSingleCreateWithAsyncWork_sendsItsResultOrError() throws {
        XCTAssertEqual(try Single.create { () async throws -> Int in 42 }.asObservable().toBlocking(timeout: 5).toArray(), [42])
        XCTAssertThrowsError(try Single.create(detached: true, priority: .low) { () async throws -> Int in throw TestError.second }.asObservable().toBlocking(timeout: 5).toArray()) { error in
            XCTAssertEqual(error as? TestError, .second)
        }
    }
}
