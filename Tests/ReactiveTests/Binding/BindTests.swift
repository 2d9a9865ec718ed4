import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

final class BindTests: ReactiveTestCase {
    func testBindToObservers_sendsEveryEventToEachInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions.append(xs.bind(to: first, second))
            subscriptions.append(xs.bind(to: optional))
        }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(optional.events, [.next(210, 1), .next(220, 2), .completed(300)])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToRelays_acceptsElements_ignoresCompletion() {
        let source = PublishSubject<Int>()
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay<Int>(value: 0)
        let optional = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.createUnbound()
        var published: [Int] = []
        let watching = publish.subscribe(onNext: { published.append($0) })
        let bindings = [source.bind(to: publish), source.bind(to: behavior), source.bind(to: optional), source.bind(to: replay)]
        source.onNext(1)
        source.onNext(2)
        source.onCompleted()
        XCTAssertEqual(published, [1, 2])
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optional.value, 2)
        var replayed: [Int] = []
        let replaying = replay.subscribe(onNext: { replayed.append($0) })
        XCTAssertEqual(replayed, [1, 2])
        replaying.dispose()
        // A relay never ends: it still accepts after its source completed.
        behavior.accept(3)
        XCTAssertEqual(behavior.value, 3)
        bindings.forEach { $0.dispose() }
        watching.dispose()
    }

    func testBindToSeveralRelaysAtOnce() {
        let a = BehaviorRelay(value: 0)
        let b = BehaviorRelay(value: 0)
        let binding = Observable.of(4, 5).bind(to: a, b)
        XCTAssertEqual([a.value, b.value], [5, 5])
        binding.dispose()
    }

    func testBindOnNext_andToAFunction_andCurriedArgument() {
        var received: [Int] = []
        let binding = Observable.of(1, 2).bind(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2])
        binding.dispose()
        let count = Observable.of(1, 2, 3).bind(to: { (source: Observable<Int>) in source.toEvents().count })
        XCTAssertEqual(count, 4)
        let labelled = Observable.of(7).bind(to: { (source: Observable<Int>) in { (prefix: String) in prefix + "\(source.toEvents().count)" } }, curriedArgument: "events: ")
        XCTAssertEqual(labelled, "events: 2")
    }

    func testBindWith_passesTheObject_heldWeakly_elementsDroppedOnceItIsGone() {
        final class Owner {
            var received: [Int] = []
        }
        var owner: Owner? = Owner()
        weak let watched = owner
        let source = PublishSubject<Int>()
        let binding = source.bind(with: owner!) { owner, value in owner.received.append(value) }
        source.onNext(1)
        source.onNext(2)
        XCTAssertEqual(owner?.received, [1, 2])
        owner = nil
        XCTAssertNil(watched, "the binding must not keep the object")
        source.onNext(3)
        XCTAssertTrue(source.hasObservers, "the subscription stays until disposed")
        binding.dispose()
        XCTAssertFalse(source.hasObservers)
    }

    func testRelaysAsInfallible_andCreateUnbound() {
        let relay = BehaviorRelay(value: 1)
        var received: [Int] = []
        let subscription = relay.asInfallible().subscribe(onNext: { received.append($0) })
        relay.accept(2)
        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
        let publish = PublishRelay<Int>()
        var published: [Int] = []
        let other = publish.asInfallible().subscribe(onNext: { published.append($0) })
        publish.accept(3)
        XCTAssertEqual(published, [3])
        other.dispose()
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(8)
        replay.accept(9)
        var replayed: [Int] = []
        let replaying = replay.asInfallible().subscribe(onNext: { replayed.append($0) })
        XCTAssertEqual(replayed, [9])
        replaying.dispose()
    }

    #if !DEBUG
    // Debug builds stop at an assertion there (RxSwift's fatal error); release builds go on,
    // and the error must not pass in silence.
    func testBindings_errorReachingThem_isWrittenToStandardErrorInReleaseBuilds() {
        final class Target {}
        let target = Target()
        let relay = PublishRelay<Int>()
        var bound: [Int] = []
        let written = captureStandardError {
            _ = Observable<Int>.error(TestError.first).bind(onNext: { bound.append($0) })
            _ = Observable<Int>.error(TestError.first).bind(to: Binder(target, scheduler: ImmediateScheduler.instance) { _, value in bound.append(value) })
            _ = Observable<Int>.error(TestError.first).bind(to: relay)
            _ = Observable<Int>.error(TestError.first).bind(with: target) { _, value in bound.append(value) }
            _ = Infallible<Int>.deferred { throw TestError.first }.subscribe(onNext: { bound.append($0) })
        }
        XCTAssertEqual(bound, [])
        let lines = written.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, written)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("⚠️ Reactive: ") && $0.contains("\(TestError.first)") }, written)
        XCTAssertTrue(lines[0].contains("Binding error"), written)
        XCTAssertTrue(lines[2].contains("Binding error to a relay"), written)
        XCTAssertTrue(lines[3].contains("Binding error"), written)
        XCTAssertTrue(lines[4].contains("Infallible.deferred's factory threw"), written)
    }
    #endif
}
