import Reactive
import ReactiveTest
import XCTest

/// The `Infallible` declarations RxSwift has, in virtual time where time counts.
final class InfallibleParityTests: ReactiveTestCase {
    func testStartWith_sendsItsElementsAtSubscription_evenInsideATrampolineStep() {
        // As RxSwift's (Observable's startWith): the elements go out inside `subscribe`, and
        // the source is subscribed right after, not as later steps of the running trampoline.
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let bag = DisposeBag()
        Observable.of(0).subscribe(onNext: { _ in
            relay.asInfallible().startWith(1).subscribe(onNext: { received.append($0) }).disposed(by: bag)
            relay.accept(2)
        }).disposed(by: bag)
        XCTAssertEqual(received, [1, 2])
    }

    func testFrom_sequence_isIteratedAnewForEachSubscription() {
        var iterations = 0
        let sequence = AnySequence { () -> IndexingIterator<[Int]> in
            iterations += 1
            return [iterations].makeIterator()
        }
        let infallible = Infallible.from(sequence)
        XCTAssertEqual(iterations, 0)
        var received: [Int] = []
        _ = infallible.subscribe(onNext: { received.append($0) })
        _ = infallible.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2])
    }

    private func infallible(_ scheduler: TestScheduler, _ events: [Recorded<Event<Int>>]) -> Infallible<Int> {
        scheduler.createColdObservable(events).asInfallible(onErrorJustReturn: -1)
    }

    func testCreationForms_onSchedulers_andDeferred() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.start { Infallible.just(1, scheduler: scheduler).asObservable() }.events, [.next(201, 1), .completed(202)])
        XCTAssertEqual(scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { Infallible.of(1, 2, scheduler: scheduler).asObservable() }.events, [.next(1201, 1), .next(1202, 2), .completed(1203)])
        XCTAssertEqual(Infallible.from([3, 4]).asObservable().toEvents(), [.next(3), .next(4), .completed])
        var made = 0
        let deferred = Infallible<Int>.deferred {
            made += 1
            return .just(made)
        }
        XCTAssertEqual(deferred.asObservable().toEvents(), [.next(1), .completed])
        XCTAssertEqual(deferred.asObservable().toEvents(), [.next(2), .completed])
    }

    func testConcat_allForms() {
        XCTAssertEqual(Infallible.just(1).concat(Infallible.just(2)).asObservable().toEvents(), [.next(1), .next(2), .completed])
        XCTAssertEqual(Infallible.concat(Infallible.just(1), Infallible.just(2)).asObservable().toEvents(), [.next(1), .next(2), .completed])
        XCTAssertEqual(Infallible.concat([Infallible.just(1), .just(3)]).asObservable().toEvents(), [.next(1), .next(3), .completed])
        XCTAssertEqual(Infallible.concat([Infallible.just(5)].lazy.map { $0 }).asObservable().toEvents(), [.next(5), .completed])
        XCTAssertEqual(Infallible.merge([Infallible.just(1), .just(2)]).asObservable().toEvents(), [.next(1), .next(2), .completed])
    }

    func testCombineLatestAndZip_arityCollectionAndTupleForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = infallible(scheduler, [.next(10, 1), .next(30, 2), .completed(40)])
        let b = infallible(scheduler, [.next(20, 10), .completed(50)])
        XCTAssertEqual(scheduler.start { Infallible.combineLatest(a, b) { $0 + $1 }.asObservable() }.events, [.next(220, 11), .next(230, 12), .completed(250)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let c = infallible(scheduler2, [.next(10, 1), .next(30, 2), .completed(40)])
        let d = infallible(scheduler2, [.next(20, 10), .completed(50)])
        XCTAssertEqual(scheduler2.start { Infallible.zip(c, d) { $0 + $1 }.asObservable() }.events, [.next(220, 11), .completed(250)])
        XCTAssertEqual(Infallible.combineLatest([Infallible.just(1), .just(2)]).asObservable().toEvents(), [.next([1, 2]), .completed])
        XCTAssertEqual(Infallible.combineLatest([Infallible.just(1), .just(2)]) { $0.reduce(0, +) }.asObservable().toEvents(), [.next(3), .completed])
        XCTAssertEqual(Infallible.combineLatest(Infallible.just(1), Infallible.just("a")).map { "\($0)\($1)" }.asObservable().toEvents(), [.next("1a"), .completed])
        XCTAssertEqual(Infallible.zip(Infallible.just(1), Infallible.just("a")).map { "\($0)\($1)" }.asObservable().toEvents(), [.next("1a"), .completed])
    }

    func testTakeSkipAndTimeOperators() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = infallible(scheduler, [.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let stop = infallible(scheduler, [.next(25, 0)])
        XCTAssertEqual(scheduler.start { xs.take(until: stop).asObservable() }.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(Infallible.of(1, 2, 3).take(until: { $0 == 2 }, behavior: .inclusive).asObservable().toEvents(), [.next(1), .next(2), .completed])
        XCTAssertEqual(Infallible.of(1, 2, 3).take(while: { $0 < 2 }).asObservable().toEvents(), [.next(1), .completed])
        XCTAssertEqual(Infallible.of(1, 2, 3).skip(while: { $0 < 2 }).asObservable().toEvents(), [.next(2), .next(3), .completed])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = infallible(scheduler2, [.next(10, 1), .next(20, 2), .next(40, 3)])
        XCTAssertEqual(scheduler2.start { ys.take(for: .seconds(30), scheduler: scheduler2).asObservable() }.events, [.next(210, 1), .next(220, 2), .completed(230)])
        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = infallible(scheduler3, [.next(10, 1), .next(30, 2), .completed(40)])
        let open = scheduler3.createColdObservable([.next(20, "go")])
        XCTAssertEqual(scheduler3.start { zs.skip(until: open.asObservable()).asObservable() }.events, [.next(230, 2), .completed(240)])
    }

    func testWithLatestFrom_withUnretained_flatMapFirst_scanInto_distinct_debug_do_subscribe() {
        let subject = PublishSubject<Int>()
        let other = PublishSubject<String>()
        let a = subject.asInfallible(onErrorJustReturn: 0)
        let b = other.asInfallible(onErrorJustReturn: "")
        var pairs: [String] = []
        let pairing = a.withLatestFrom(b) { "\($0)\($1)" }.subscribe(onNext: { pairs.append($0) })
        var latest: [String] = []
        let latestOnly = a.withLatestFrom(b).subscribe(onNext: { latest.append($0) })
        subject.onNext(1)
        other.onNext("x")
        subject.onNext(2)
        XCTAssertEqual(pairs, ["2x"])
        XCTAssertEqual(latest, ["x"])
        pairing.dispose()
        latestOnly.dispose()
        final class Owner { let name = "o" }
        let owner = Owner()
        XCTAssertEqual(Infallible.just(1).withUnretained(owner) { "\($0.name)\($1)" }.asObservable().toEvents(), [.next("o1"), .completed])
        XCTAssertEqual(Infallible.just(1).withUnretained(owner).map { "\($0.name)\($1)" }.asObservable().toEvents(), [.next("o1"), .completed])
        XCTAssertEqual(Infallible.of(1, 2).flatMapFirst { Observable.just($0 * 10) }.asObservable().toEvents(), [.next(10), .next(20), .completed])
        XCTAssertEqual(Infallible.of(1, 2, 3).scan(into: 0) { $0 += $1 }.asObservable().toEvents(), [.next(1), .next(3), .next(6), .completed])
        XCTAssertEqual(Infallible.of(1, 1, 2).distinctUntilChanged { $0 == $1 }.asObservable().toEvents(), [.next(1), .next(2), .completed])
        XCTAssertEqual(Infallible.of(1, 3, 2).distinctUntilChanged { $0 % 2 }.asObservable().toEvents(), [.next(1), .next(2), .completed])
        XCTAssertEqual(Infallible.of(1, 3, 2).distinctUntilChanged({ $0 % 2 }, comparer: ==).asObservable().toEvents(), [.next(1), .next(2), .completed])
        XCTAssertEqual(Infallible.of("a", "b", "bb").distinctUntilChanged(at: \.count).asObservable().toEvents(), [.next("a"), .next("bb"), .completed])
        XCTAssertEqual(Infallible.just(1).debug("parity").asObservable().toEvents(), [.next(1), .completed])
        var log: [String] = []
        var events: [String] = []
        _ = Infallible.just(1).do(
            onNext: { log.append("onNext \($0)") }, afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }).subscribe { event in events.append("\(event.event)") }
        XCTAssertEqual(log, ["onSubscribe", "onNext 1", "afterNext 1", "onCompleted", "afterCompleted", "onSubscribed", "onDispose"])
        XCTAssertEqual(events, ["next(1)", "completed"])
        func isInfallible<Sequence: InfallibleType>(_: Sequence) -> Bool { true }
        XCTAssertTrue(isInfallible(Infallible.just(1)))
    }
}
