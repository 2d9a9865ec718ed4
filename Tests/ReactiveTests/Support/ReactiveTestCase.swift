import Foundation
import Reactive
import ReactiveTest
import TestSupport
import XCTest

/// Every test is a leak test: the live resource count must return to where it started.
class ReactiveTestCase: LeakCheckingTestCase {}

enum TestError: Error, Equatable {
    case first
    case second
}

extension ReactiveTestCase {
    /// Runs `operation` over a fresh hot observable of `events`, subscribed at 200 and disposed at
    /// `disposed`: the recorded output and the source's subscriptions.
    func runHot<Element, Result>(_ events: [Recorded<Event<Element>>], disposed: TestTime = 1000, _ operation: @escaping (Observable<Element>) -> Observable<Result>) -> (events: [Recorded<Event<Result>>], subscriptions: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(events)
        let observer = scheduler.start(disposed: disposed) { operation(source.asObservable()) }
        return (observer.events, source.subscriptions)
    }
}

extension ReactiveTestCase {
    /// For an operator over inner observables (`flatMap`, `flatMapLatest` of `just`): the
    /// observer sends `value + 1` back into the source while it receives values below 3, so each
    /// such element arrives while an inner observable is still delivering. Every value arrives,
    /// in order and none inside another's delivery, then the completion.
    func assertReentrantSourceElements_arriveInOrder(_ operation: (Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let source = PublishSubject<Int>()
        var received: [Int] = []
        var completed = false
        var depth = 0
        var maxDepth = 0
        let subscription = operation(source.asObservable()).subscribe(onNext: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value < 3 { source.onNext(value + 1) }
            depth -= 1
        }, onCompleted: { completed = true })
        source.onNext(1)
        source.onNext(10)
        XCTAssertEqual(received, [1, 2, 3, 10], file: file, line: line)
        XCTAssertEqual(maxDepth, 1, "a re-entrant event is delivered after the current one returns", file: file, line: line)
        source.onCompleted()
        XCTAssertTrue(completed, file: file, line: line)
        subscription.dispose()
    }

    /// For an operator over inner observables, given `just`s (sent on without a subscription):
    /// each element at its source element's time, the completion with the source's, the
    /// source's error, and a disposal in the middle; then, with a subject as the source, the
    /// observer completing the source, or disposing, from inside a `just`'s element.
    func assertJustInners_followTheSource(_ operation: @escaping (Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let completing = runHot([.next(210, 1), .next(220, 2), .completed(230)]) { operation($0) }
        XCTAssertEqual(completing.events, [.next(210, 1), .next(220, 2), .completed(230)], file: file, line: line)
        XCTAssertEqual(completing.subscriptions, [Subscription(200, 230)], file: file, line: line)
        let failing = runHot([.next(210, 1), .error(220, TestError.first), .next(230, 3)]) { operation($0) }
        XCTAssertEqual(failing.events, [.next(210, 1), .error(220, TestError.first)], file: file, line: line)
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 220)], file: file, line: line)
        let disposed = runHot([.next(210, 1), .next(230, 3), .completed(240)], disposed: 220) { operation($0) }
        XCTAssertEqual(disposed.events, [.next(210, 1)], file: file, line: line)
        XCTAssertEqual(disposed.subscriptions, [Subscription(200, 220)], file: file, line: line)

        // The source completes while the observer receives the only element: the completion
        // follows that delivery, once (the `just` has not ended while its element is delivered).
        let source = PublishSubject<Int>()
        var log: [String] = []
        let subscription = operation(source.asObservable()).subscribe(onNext: { value in
            log.append("next \(value)")
            source.onCompleted()
            log.append("returns")
        }, onCompleted: { log.append("completed") })
        source.onNext(1)
        XCTAssertEqual(log, ["next 1", "returns", "completed"], file: file, line: line)
        subscription.dispose()

        // The observer disposes from inside the element: nothing more, and the source is left.
        let second = PublishSubject<Int>()
        var received: [Int] = []
        var ended = false
        var handle: Disposable?
        handle = operation(second.asObservable()).subscribe(onNext: { value in
            received.append(value)
            handle?.dispose()
        }, onCompleted: { ended = true }, onDisposed: { log.append("disposed") })
        second.onNext(1)
        second.onNext(2)
        second.onCompleted()
        XCTAssertEqual(received, [1], file: file, line: line)
        XCTAssertFalse(ended, file: file, line: line)
        XCTAssertFalse(second.hasObservers, file: file, line: line)
        XCTAssertEqual(log.last, "disposed", file: file, line: line)
    }

    /// For an operator over inner observables, given `empty`s among `just`s (counted as ended
    /// at once, without a subscription): only the `just`s' elements, and the completion with the
    /// source's, also when the last inner observable was an `empty`.
    func assertEmptyInners_endAtOnce(_ operation: @escaping (Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let res = runHot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]) { operation($0) }
        XCTAssertEqual(res.events, [.next(220, 2), .completed(240)], file: file, line: line)
        XCTAssertEqual(res.subscriptions, [Subscription(200, 240)], file: file, line: line)
        let onlyEmpty = runHot([.next(210, 1), .completed(220)]) { operation($0) }
        XCTAssertEqual(onlyEmpty.events, [.completed(220)], file: file, line: line)
        XCTAssertEqual(onlyEmpty.subscriptions, [Subscription(200, 220)], file: file, line: line)
    }

    /// For an operator over inner observables: sends 2,000 elements from four threads in turn
    /// (a subject's producer must not overlap), each even one's inner observable a `just` and
    /// each odd one's ending later on another thread, then `last` if given, then completes, and
    /// waits for the completion (10 s at most). The observer's deliveries, completion included,
    /// are counted and checked for overlap.
    func stressJustAndLaterInners(_ operation: (Observable<Int>, @escaping (Int) -> Observable<Int>) -> Observable<Int>, last: Int? = nil) -> (checker: ContractChecker, lastValue: Int, completed: Bool) {
        let queue = DispatchQueue(label: "inners", attributes: .concurrent)
        let subject = PublishSubject<Int>()
        let checker = ContractChecker()
        let lastValue = Counter()
        let completed = DispatchSemaphore(value: 0)
        let select: (Int) -> Observable<Int> = { value in value % 2 == 0 ? Observable.just(value) : self.sendingLater(value, on: queue) }
        let subscription = operation(subject.asObservable(), select).subscribe(onNext: { value in
            checker.enter()
            lastValue.set(value)
            checker.leave()
        }, onCompleted: {
            checker.enter()
            checker.leave()
            completed.signal()
        })
        let serial = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 {
                serial.withLock { subject.onNext(thread * 1_000 + value) }
            }
        }
        if let last { subject.onNext(last) }
        subject.onCompleted()
        let ended = completed.wait(timeout: .now() + 10) == .success
        subscription.dispose()
        return (checker, lastValue.value, ended)
    }

    /// An observable that sends `value` and completes later, on `queue` (an inner observable
    /// that ends on another thread than the one that subscribed it).
    func sendingLater(_ value: Int, on queue: DispatchQueue) -> Observable<Int> {
        Observable.create { observer in
            let inner = Unchecked(observer)  // one producer per subscription: its events never overlap
            queue.async {
                inner.value.onNext(value)
                inner.value.onCompleted()
            }
            return Disposables.create()
        }
    }
}

    /// Runs `body` on `queue` and waits for it (nothing the queue would run next can start
    /// before `body` returns).
    func onQueue(_ queue: DispatchQueue, file: StaticString = #filePath, line: UInt = #line, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        queue.async {
            body()
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, file: file, line: line)
    }

    /// Waits until work queued on `queue` now has run.
    func flush(_ queue: DispatchQueue, file: StaticString = #filePath, line: UInt = #line) {
        onQueue(queue, file: file, line: line) {}
    }

    /// Several threads send through `merge` (which serialises them) into `hop` (an operator
    /// that delivers on the scheduler it is given: a serial queue's in even rounds, a concurrent
    /// queue's in odd ones), and a fourth thread disposes in the middle: deliveries never
    /// overlap, each sender's elements arrive in its order, and after `dispose()` returns at
    /// most the delivery then in progress finishes.
    func assertSeveralSendersAndADisposeFromAnotherThread(file: StaticString = #filePath, line: UInt = #line, _ hop: (Observable<Int>, SchedulerType) -> Observable<Int>) {
        for round in 0..<40 {
            let senders = 3
            let perSender = 4_000
            let subjects = (0..<senders).map { _ in PublishSubject<Int>() }
            let scheduler = round % 2 == 0
                ? SerialDispatchQueueScheduler(internalSerialQueueName: "batching-stress") as SchedulerType
                : ConcurrentDispatchQueueScheduler(qos: .default)
            let checker = ContractChecker()
            let lastBySender = LockedBox([Int](repeating: -1, count: senders))
            let outOfOrder = Counter()
            let afterDispose = Counter()
            let disposed = Flag()
            let subscription = hop(Observable.merge(subjects.map { $0.asObservable() }), scheduler)
                .subscribe(onNext: { value in
                    checker.enter()
                    if disposed.isSet { afterDispose.increment() }
                    let sender = value / perSender
                    lastBySender.mutate { last in
                        if value % perSender <= last[sender] % perSender && last[sender] >= 0 { outOfOrder.increment() }
                        last[sender] = value
                    }
                    checker.leave()
                })
            let group = DispatchGroup()
            for (index, subject) in subjects.enumerated() {
                group.enter()
                Thread {
                    for step in 0..<perSender { subject.onNext(index * perSender + step) }
                    group.leave()
                }.start()
            }
            let disposer = Thread {
                Thread.sleep(forTimeInterval: Double(round % 5) * 0.000_2)
                subscription.dispose()
                // A delivery in progress as dispose returned may finish; one started later may not.
                spinWait(nanoseconds: 200_000)
                disposed.set()
            }
            disposer.start()
            XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "round \(round)", file: file, line: line)
            waitUntil(timeout: 10) { disposer.isFinished }
            Thread.sleep(forTimeInterval: 0.005)
            XCTAssertEqual(checker.overlaps, 0, "round \(round)", file: file, line: line)
            XCTAssertEqual(outOfOrder.value, 0, "round \(round)", file: file, line: line)
            // The one delivery in flight as dispose returned may reach the observer after the
            // grace period when its thread is descheduled (seen 1 round in 600 under load); a
            // second would mean delivery went on.
            XCTAssertLessThanOrEqual(afterDispose.value, 1, "round \(round): delivered after dispose returned", file: file, line: line)
        }
    }

extension ReactiveTestCase {
    /// For an operator whose scheduled steps may run on several threads (a concurrent
    /// scheduler): sends `count` elements then completion from one thread through `operation`,
    /// and waits (10 s at most) for the completion, `rounds` times. Every element arrives, in
    /// order, never two at once: no step is lost, so nothing stalls.
    func assertDeliversEverythingInOrder(count: Int, rounds: Int, file: StaticString = #filePath, line: UInt = #line, _ operation: (Observable<Int>) -> Observable<Int>) {
        for round in 0..<rounds {
            let subject = PublishSubject<Int>()
            let checker = ContractChecker()
            let received = Counter()
            let outOfOrder = Counter()
            let completed = DispatchSemaphore(value: 0)
            let subscription = operation(subject.asObservable()).subscribe(onNext: { value in
                checker.enter()
                if received.value != value { outOfOrder.increment() }
                received.increment()
                checker.leave()
            }, onCompleted: {
                checker.enter()
                checker.leave()
                completed.signal()
            })
            let sender = Thread {
                for value in 0..<count { subject.onNext(value) }
                subject.onCompleted()
            }
            sender.start()
            let ended = completed.wait(timeout: .now() + 10) == .success
            XCTAssertTrue(ended, "round \(round): stalled after \(received.value) of \(count) elements", file: file, line: line)
            XCTAssertEqual(received.value, count, "round \(round)", file: file, line: line)
            XCTAssertEqual(outOfOrder.value, 0, "round \(round)", file: file, line: line)
            XCTAssertEqual(checker.overlaps, 0, "round \(round)", file: file, line: line)
            subscription.dispose()
            if !ended { return }
        }
    }

}

extension ReactiveTestCase {
    /// For a combining operator of three sources: the second fails while it is being subscribed.
    /// The error is sent at once, the first source's subscription and the failing one are
    /// disposed, and the third source is still subscribed, and disposed at once (as RxSwift,
    /// which subscribes every source in turn whatever the earlier ones did).
    func assertSourceFailingWhileSubscribed_endsEverything(_ combine: @escaping (Observable<Int>, Observable<Int>, Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1)])
        let later = scheduler.createColdObservable([.next(10, 2)])
        let failingSubscription = BooleanDisposable()
        let failing = Observable<Int>.create { observer in
            observer.onError(TestError.first)
            return failingSubscription
        }
        let res = scheduler.start { combine(first.asObservable(), failing, later.asObservable()) }
        XCTAssertEqual(res.events, [.error(200, TestError.first)], file: file, line: line)
        XCTAssertEqual(first.subscriptions, [Subscription(200, 200)], file: file, line: line)
        XCTAssertTrue(failingSubscription.isDisposed, file: file, line: line)
        XCTAssertEqual(later.subscriptions, [Subscription(200, 200)], file: file, line: line)
    }
}

/// A value that counts its live instances, to check that an operator releases what it stored.
final class LiveValue: @unchecked Sendable, CustomStringConvertible {
    let id: Int
    private let live: Counter

    init(_ id: Int, live: Counter) {
        self.id = id
        self.live = live
        live.increment()
    }

    deinit { live.decrement() }

    var description: String { "\(id)" }
}

extension ReactiveTestCase {
    /// For a combining operator of four sources: disposal from another thread races the
    /// sources' subscription. Of the sources (their roles rotating each round), one ends while
    /// being subscribed, one is slow to subscribe, one ends later on a third thread, and one
    /// never ends. Every source subscription is disposed exactly once, whichever of keeping it,
    /// its source ending and the disposal comes first.
    func assertDisposalRacingSubscriptionAndEnding_disposesEverySourceOnce(_ combine: @escaping (Observable<Int>, Observable<Int>, Observable<Int>, Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let subscribed = Counter()
        let disposed = Counter()
        let doubleDisposals = Counter()
        for round in 0..<300 {
            let enders = Collector<AnyObserver<Int>>()
            func source(_ index: Int) -> Observable<Int> {
                Observable.create { observer in
                    subscribed.increment()
                    observer.onNext(index)
                    switch (index + round) % 4 {
                    case 0: observer.onCompleted()
                    case 1: Thread.sleep(forTimeInterval: 0.000_02)
                    case 2: enders.append(observer)
                    default: break
                    }
                    let once = Counter()
                    return Disposables.create {
                        if once.increment() > 1 { doubleDisposals.increment() }
                        disposed.increment()
                    }
                }
            }
            // Every other round the second source is a `just`, which the operator takes without
            // subscribing it (`CombiningSink.start`), racing the disposal all the same.
            let second = round % 2 == 1 ? Observable.just(1) : source(1)
            let combined = Unchecked(combine(source(0), second, source(2), source(3)))
            let subscribing = DispatchSemaphore(value: 0)
            let subscription = SingleAssignmentDisposable()
            DispatchQueue.global().async {
                subscription.setDisposable(combined.value.subscribe())
                subscribing.signal()
            }
            let ending = DispatchQueue(label: "ending")
            let endedEarly = Counter()
            ending.async {
                for observer in enders.values {
                    observer.onCompleted()
                    endedEarly.increment()
                }
            }
            if round % 3 != 0 { Thread.sleep(forTimeInterval: 0.000_01 * Double(round % 9)) }
            subscription.dispose()
            subscribing.wait()
            ending.sync {}
            // The sources still open end now (those subscribed after the ending thread looked).
            for observer in enders.values.dropFirst(endedEarly.value) { observer.onCompleted() }
            enders.removeAll()  // the sources' subscribe closures hold it: a cycle through the sinks
        }
        XCTAssertEqual(disposed.value, subscribed.value, "every source subscription disposed", file: file, line: line)
        XCTAssertEqual(doubleDisposals.value, 0, "no source subscription disposed twice", file: file, line: line)
    }
}

extension ReactiveTestCase {
    /// For a combining operator of two sources: while the second is being subscribed (on another
    /// thread), the first fails, which disposes everything; the second source's subscription,
    /// returned after that, is disposed at once.
    func assertEndedWhileSubscribingASource_disposesThatSubscriptionOnReturn(_ combine: @escaping (Observable<Int>, Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let first = PublishSubject<Int>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let secondSubscription = BooleanDisposable()
        let second = Observable<Int>.create { _ in
            entered.signal()
            proceed.wait()
            return secondSubscription
        }
        let received = Collector<Event<Int>>()
        let combined = Unchecked(combine(first.asObservable(), second))
        let subscribed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = combined.value.subscribe { received.append($0) }
            subscribed.signal()
        }
        entered.wait()
        first.onError(TestError.first)
        proceed.signal()
        subscribed.wait()
        XCTAssertEqual(received.values, [.error(TestError.first)], file: file, line: line)
        XCTAssertTrue(secondSubscription.isDisposed, "the late subscription is disposed", file: file, line: line)
        XCTAssertFalse(first.hasObservers, file: file, line: line)
    }
}

/// A combining operator over a source of any element type and an `Int` source, sending the
/// first source's elements.
enum PairCombining {
    case combineLatest
    case zip

    func combine<Element>(_ first: Observable<Element>, _ second: Observable<Int>) -> Observable<Element> {
        switch self {
        case .combineLatest: Observable.combineLatest(first, second) { value, _ in value }
        case .zip: Observable.zip(first, second) { value, _ in value }
        }
    }
}

extension PairCombining {
    /// The operator over three `Int` sources with a selector, each value in its place.
    func combine(_ a: Observable<Int>, _ b: Observable<Int>, _ c: Observable<Int>) -> Observable<String> {
        switch self {
        case .combineLatest: Observable.combineLatest(a, b, c) { "\($0)\($1)\($2)" }
        case .zip: Observable.zip(a, b, c) { "\($0)\($1)\($2)" }
        }
    }
}

extension ReactiveTestCase {
    /// For a combining operator: `just` sources (which the operator does not subscribe, see
    /// `CombiningSink.start`) give exactly the events of sources that send one element and
    /// complete inside `subscribe` and are subscribed (made with `create`), whatever their place
    /// among the sources: with sources sending at subscription (behaviour subjects) and later,
    /// an earlier source failing at subscription, the observer disposing or sending to a source
    /// from inside an element a `just` completed, disposal in the middle, an `empty` source,
    /// reference values released. Each scenario's events are also stated (`expected`: in order,
    /// the scenarios below).
    func assertJustSources_actAsSubscribed(_ combining: PairCombining, expected: [[String]], file: StaticString = #filePath, line: UInt = #line) {
        let subscribed: (Int) -> Observable<Int> = { value in
            Observable.create { observer in
                observer.onNext(value)
                observer.onCompleted()
                return Disposables.create()
            }
        }
        let recognised = justScenarios(combining) { Observable.just($0) }
        let reference = justScenarios(combining, subscribed)
        XCTAssertEqual(recognised.count, reference.count, file: file, line: line)
        for (index, (got, wanted)) in zip(recognised, reference).enumerated() {
            XCTAssertEqual(got, wanted, "scenario \(index): a just against a subscribed source", file: file, line: line)
        }
        for (index, (got, wanted)) in zip(recognised, expected).enumerated() {
            XCTAssertEqual(got, wanted, "scenario \(index)", file: file, line: line)
        }
        XCTAssertEqual(recognised.count, expected.count, file: file, line: line)

        // Reference values of a `just`: held while needed, released with the subscription.
        let live = Counter()
        let subject = PublishSubject<Int>()
        var received: [String] = []
        let subscription = combining.combine(Observable.just(LiveValue(7, live: live)), subject.asObservable()).subscribe(onNext: { received.append("\($0)") })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, combining == .zip ? ["7"] : ["7", "7"], file: file, line: line)
        subscription.dispose()
        XCTAssertEqual(live.value, 0, "the just's value is released", file: file, line: line)
    }

    /// The scenarios of `assertJustSources_actAsSubscribed`, each one's events as text.
    private func justScenarios(_ combining: PairCombining, _ just: @escaping (Int) -> Observable<Int>) -> [[String]] {
        var scenarios: [[String]] = []
        func record(_ make: @escaping (Observable<Int>) -> Observable<String>, disposed: TestTime = 1000) {
            let scheduler = TestScheduler(initialClock: 0)
            let hot = scheduler.createHotObservable([.next(210, 3), .next(220, 4), .completed(230)])
            let observer = scheduler.start(disposed: disposed) { make(hot.asObservable()) }
            scenarios.append(observer.events.map { "\($0.time) \($0.value)" } + hot.subscriptions.map { "subscribed \($0)" })
        }
        // A `just` first, between and last, with a later source.
        record { combining.combine(just(1), just(2), $0) }
        record { combining.combine(Observable.just(0).concat(Observable.never()), just(2), $0) }
        record { combining.combine($0, Observable.of(5, 6), just(2)) }
        // An earlier source fails at subscription: the `just`'s events are ignored, and the
        // later source is subscribed and disposed at once.
        record { combining.combine(Observable.error(TestError.first), just(1), $0) }
        // The same with `just`s after it (combineLatest takes consecutive `just`s together).
        record { _ in combining.combine(Observable.error(TestError.first), just(1), just(2)) }
        // An `empty` source before a `just`.
        record { combining.combine(Observable.empty(), just(1), $0) }
        // Disposal in the middle.
        record({ combining.combine(just(1), $0, just(2)) }, disposed: 215)
        // Only `just`s; and a `just` that is the only source left, the others having completed
        // without a value.
        record { _ in combining.combine(just(1), just(2), just(3)) }
        record { _ in combining.combine(Observable.empty(), Observable.empty(), just(3)) }

        // Sources sending at subscription, the first combination completed by a `just`'s
        // element; inside it the observer sends to the first source, or `take(1)` ends and
        // disposes the operator.
        for takesOne in [false, true] {
            let first = BehaviorSubject(value: 1)
            let second = BehaviorSubject(value: 2)
            var lines: [String] = []
            let combined = combining.combine(first.asObservable(), second.asObservable(), just(3))
            let subscription = (takesOne ? combined.take(1) : combined).subscribe(onNext: { value in
                lines.append(value)
                if value == "123" && !takesOne { first.onNext(4) }
            }, onError: { lines.append("error \($0)") }, onCompleted: { lines.append("completed") }, onDisposed: { lines.append("disposed") })
            lines.append("observers \(first.hasObservers) \(second.hasObservers)")
            subscription.dispose()
            scenarios.append(lines)
        }
        return scenarios
    }
}

/// A reference element, told apart by its value.
private final class Box: CustomStringConvertible {
    let value: Int
    init(_ value: Int) { self.value = value }
    var description: String { "Box(\(value))" }
}

/// An enum whose payloads have spare bits (which a non-generic enum keeps its case in).
private enum Shape {
    case circle(Box)
    case square(String)
    case none
}

/// A large element with references inside.
private struct Wide {
    let a: Int8
    let b: String
    let c: Double
    let d: Box?
}

extension ReactiveTestCase {
    /// For a combining operator: each source's events arrive exactly, whatever the layout of its
    /// element type (the operator reads a `next` in place by the event's case byte; see
    /// `CombinedBytes` in the sources, tested directly by `CombinedBytesTests`). Element types of every kind of layout:
    /// with and without spare bits or extra inhabitants, empty, smaller and larger than an
    /// error's payload, aligned to 16, references, optionals, enums, existentials, errors as
    /// elements.
    func assertEveryElementLayout_eventsArriveExactly(_ combining: PairCombining, file: StaticString = #filePath, line: UInt = #line) {
        assertEventsArriveExactly([false, true], combining, file: file, line: line)
        assertEventsArriveExactly([UInt8(7), 255], combining, file: file, line: line)
        assertEventsArriveExactly([0, -1, Int.max], combining, file: file, line: line)
        assertEventsArriveExactly([0.5, -2], combining, file: file, line: line)
        assertEventsArriveExactly([(), ()], combining, file: file, line: line)
        assertEventsArriveExactly([SIMD4<Float>(1, 2, 3, 4), SIMD4<Float>(-1, 0, 0.5, 8)], combining, file: file, line: line)
        assertEventsArriveExactly(["", "short", String(repeating: "long", count: 10)], combining, file: file, line: line)
        assertEventsArriveExactly([nil, 0, 5] as [Int?], combining, file: file, line: line)
        assertEventsArriveExactly([Box(1), Box(2)], combining, file: file, line: line)
        assertEventsArriveExactly([nil, Box(3)] as [Box?], combining, file: file, line: line)
        assertEventsArriveExactly([Shape.circle(Box(4)), .square("s"), .none], combining, file: file, line: line)
        assertEventsArriveExactly([Wide(a: -1, b: "b", c: 3, d: Box(5)), Wide(a: 2, b: "", c: 0, d: nil)], combining, file: file, line: line)
        assertEventsArriveExactly([Box(6), "seven", 8] as [Any], combining, file: file, line: line)
        assertEventsArriveExactly([Box(9)] as [AnyObject], combining, file: file, line: line)
        assertEventsArriveExactly([TestError.second, TestError.first] as [any Error], combining, file: file, line: line)
    }

    /// For a combining operator: its sources, and the observable itself, live as long as a
    /// subscription to it, when nothing else holds them, and are released with it. (The
    /// operator's records of its sources hold them with no reference counting of their own,
    /// see `CombinedSource.observable`; the subscription holds the operator, as in RxSwift.)
    /// Each way of building the sources' records: per arity, parameter pack, collection.
    func assertSources_liveWhileSubscribed_releasedWithTheSubscription(_ combining: PairCombining, file: StaticString = #filePath, line: UInt = #line) {
        // Each form gives the combining observable and what is subscribed (it, or a map of it).
        let forms: [(String, (Observable<Int>, Observable<Int>) -> (AnyObject, Observable<String>))] = switch combining {
        case .combineLatest: [
            ("per arity", { let combined = Observable.combineLatest($0, $1) { "\($0)\($1)" }; return (combined, combined) }),
            ("pack", { let combined = Observable.combineLatest($0, $1); return (combined, combined.map { "\($0)\($1)" }) }),
            ("collection", { let combined = Observable.combineLatest([$0, $1]); return (combined, combined.map { $0.map(String.init).joined() }) }),
        ]
        case .zip: [
            ("per arity", { let combined = Observable.zip($0, $1) { "\($0)\($1)" }; return (combined, combined) }),
            ("pack", { let combined = Observable.zip($0, $1); return (combined, combined.map { "\($0)\($1)" }) }),
            ("collection", { let combined = Observable.zip([$0, $1]); return (combined, combined.map { $0.map(String.init).joined() }) }),
        ]
        }
        for (name, combine) in forms {
            let subject = PublishSubject<Int>()
            weak var weakMapped: Observable<Int>?
            weak var weakJust: Observable<Int>?
            weak var weakCombined: AnyObject?
            var received: [String] = []
            var subscription: Disposable?
            do {
                let mapped = subject.map { $0 }
                let just = Observable.just(2)
                let (combined, subscribed) = combine(mapped, just)
                (weakMapped, weakJust, weakCombined) = (mapped, just, combined)
                subscription = subscribed.subscribe(onNext: { received.append($0) })
            }
            XCTAssertNotNil(weakCombined, name, file: file, line: line)
            XCTAssertNotNil(weakMapped, name, file: file, line: line)
            XCTAssertNotNil(weakJust, name, file: file, line: line)
            subject.onNext(1)
            XCTAssertEqual(received, ["12"], name, file: file, line: line)
            subscription?.dispose()
            subscription = nil
            XCTAssertNil(weakCombined, name, file: file, line: line)
            XCTAssertNil(weakMapped, name, file: file, line: line)
            XCTAssertNil(weakJust, name, file: file, line: line)
        }
    }

    /// For a combining operator: a `just` source's element arrives exactly, whatever the layout
    /// of its type. The operator keeps the bytes of a small plain element in its record of the
    /// source and reads any other from the `just` at its type (`CombinedSource.just`), so the
    /// types straddle that line: plain ones of 0 to 16 bytes, a 24-byte one, a 16-byte one
    /// aligned to 16, and ones with references.
    func assertJustOfEveryElementLayout_elementArrivesExactly(_ combining: PairCombining, file: StaticString = #filePath, line: UInt = #line) {
        assertJustElementArrivesExactly(true, combining, file: file, line: line)
        assertJustElementArrivesExactly(UInt8(255), combining, file: file, line: line)
        assertJustElementArrivesExactly(Int.min, combining, file: file, line: line)
        assertJustElementArrivesExactly(-2.5, combining, file: file, line: line)
        assertJustElementArrivesExactly((), combining, file: file, line: line)
        assertJustElementArrivesExactly((Int8(-3), Int.max), combining, file: file, line: line)
        assertJustElementArrivesExactly((UInt16(7), UInt8(8), Int32(-9)), combining, file: file, line: line)
        assertJustElementArrivesExactly((1, -2, Int.max), combining, file: file, line: line)
        assertJustElementArrivesExactly(SIMD4<Float>(1, -2, 3.5, 4), combining, file: file, line: line)
        assertJustElementArrivesExactly(String(repeating: "long", count: 10), combining, file: file, line: line)
        assertJustElementArrivesExactly(Wide(a: -1, b: "b", c: 3, d: Box(5)), combining, file: file, line: line)
        assertJustElementArrivesExactly(Optional(Box(6)), combining, file: file, line: line)
    }

    /// `just(value)` in three forms: first of two sources, taken before the other has a value
    /// (combineLatest then copies it under its lock); second of two `just`s, its element
    /// sending at once; and through the parameter-pack form (whose layout is built in code
    /// generic at run time).
    private func assertJustElementArrivesExactly<Element>(_ value: Element, _ combining: PairCombining, file: StaticString, line: UInt) {
        let text = "\(value)"
        let subject = PublishSubject<Int>()
        let forms: [Observable<String>] = switch combining {
        case .combineLatest: [
            Observable.combineLatest(Observable.just(value), subject.asObservable()) { value, _ in "\(value)" },
            Observable.combineLatest(Observable.just(0), Observable.just(value)) { _, value in "\(value)" },
            Observable.combineLatest(Observable.just(value), subject.asObservable()).map { "\($0.0)" },
        ]
        case .zip: [
            Observable.zip(Observable.just(value), subject.asObservable()) { value, _ in "\(value)" },
            Observable.zip(Observable.just(0), Observable.just(value)) { _, value in "\(value)" },
            Observable.zip(Observable.just(value), subject.asObservable()).map { "\($0.0)" },
        ]
        }
        for (index, form) in forms.enumerated() {
            var received: [String] = []
            let subscription = form.subscribe(onNext: { received.append($0) }, onCompleted: { received.append("completed") })
            subject.onNext(1)
            subject.onNext(2)
            // The `just` has completed; the subject has not (zip pairs once, as in RxSwift).
            let expected = switch (combining, index) {
            case (_, 1): [text, "completed"]
            case (.zip, _): [text]
            case (.combineLatest, _): [text, text]
            }
            XCTAssertEqual(received, expected, "\(Element.self), form \(index)", file: file, line: line)
            subscription.dispose()
        }
    }

    /// Sends `values` through the first source (once the second has sent as many elements), then
    /// ends it with an error or a completion: exactly those values arrive, then that ending.
    private func assertEventsArriveExactly<Element>(_ values: [Element], _ combining: PairCombining, file: StaticString, line: UInt) {
        for fails in [false, true] {
            let first = PublishSubject<Element>()
            let second = PublishSubject<Int>()
            var received: [String] = []
            let subscription = combining.combine(first.asObservable(), second.asObservable()).subscribe(onNext: { received.append("\($0)") }, onError: { received.append("error \($0)") }, onCompleted: { received.append("completed") })
            for _ in values { second.onNext(0) }
            for value in values { first.onNext(value) }
            if fails { first.onError(TestError.first) } else { first.onCompleted() }
            second.onCompleted()
            let ending = fails ? "error \(TestError.first)" : "completed"
            XCTAssertEqual(received, values.map { "\($0)" } + [ending], "\(Element.self)", file: file, line: line)
            subscription.dispose()
        }
    }
}

extension ReactiveTestCase {
    /// For an operator that moves on to another sequence when its source ends: the source ends
    /// inside `subscribe`, and `next` (a subject, still running when `subscribe` returns) is
    /// switched to. Its later events arrive: the source's late-arriving subscription must not
    /// replace, and so dispose, the subscription to `next`.
    func assertSwitchAfterSynchronousEnd_keepsTheNextSubscription(_ operation: (Observable<Int>) -> Observable<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let next = PublishSubject<Int>()
        var received: [Int] = []
        var completed = false
        let subscription = operation(next.asObservable()).subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertTrue(next.hasObservers, "the next sequence is still subscribed", file: file, line: line)
        next.onNext(6)
        next.onCompleted()
        XCTAssertEqual(received, [6], file: file, line: line)
        XCTAssertTrue(completed, file: file, line: line)
        subscription.dispose()
    }
}

extension PairCombining {
    /// The operator with a selector over the first 2, 3, … 8 of these sources (one form per
    /// arity), each selector describing its arguments in order.
    func everyArity<A, B, C, D, E, F, G, H>(_ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>, _ d: Observable<D>, _ e: Observable<E>, _ f: Observable<F>, _ g: Observable<G>, _ h: Observable<H>) -> [Observable<String>] {
        switch self {
        case .combineLatest: [
            Observable.combineLatest(a, b) { "\($0) \($1)" },
            Observable.combineLatest(a, b, c) { "\($0) \($1) \($2)" },
            Observable.combineLatest(a, b, c, d) { "\($0) \($1) \($2) \($3)" },
            Observable.combineLatest(a, b, c, d, e) { "\($0) \($1) \($2) \($3) \($4)" },
            Observable.combineLatest(a, b, c, d, e, f) { "\($0) \($1) \($2) \($3) \($4) \($5)" },
            Observable.combineLatest(a, b, c, d, e, f, g) { "\($0) \($1) \($2) \($3) \($4) \($5) \($6)" },
            Observable.combineLatest(a, b, c, d, e, f, g, h) { "\($0) \($1) \($2) \($3) \($4) \($5) \($6) \($7)" },
        ]
        case .zip: [
            Observable.zip(a, b) { "\($0) \($1)" },
            Observable.zip(a, b, c) { "\($0) \($1) \($2)" },
            Observable.zip(a, b, c, d) { "\($0) \($1) \($2) \($3)" },
            Observable.zip(a, b, c, d, e) { "\($0) \($1) \($2) \($3) \($4)" },
            Observable.zip(a, b, c, d, e, f) { "\($0) \($1) \($2) \($3) \($4) \($5)" },
            Observable.zip(a, b, c, d, e, f, g) { "\($0) \($1) \($2) \($3) \($4) \($5) \($6)" },
            Observable.zip(a, b, c, d, e, f, g, h) { "\($0) \($1) \($2) \($3) \($4) \($5) \($6) \($7)" },
        ]
        }
    }
}

extension ReactiveTestCase {
    /// For a combining operator's selector forms of every arity (2 to 8): each selector gets
    /// each source's value at its own place, whatever the sources' element types (`value`
    /// makes source `index`'s element of round `round`). Two rounds: every source sends once in
    /// order, then again, so rows are filled, then updated in place.
    func assertEveryArity_eachSourceReadAtItsPlace<A, B, C, D, E, F, G, H>(_ combining: PairCombining, _ a: @escaping (Int) -> A, _ b: @escaping (Int) -> B, _ c: @escaping (Int) -> C, _ d: @escaping (Int) -> D, _ e: @escaping (Int) -> E, _ f: @escaping (Int) -> F, _ g: @escaping (Int) -> G, _ h: @escaping (Int) -> H, file: StaticString = #filePath, line: UInt = #line) {
        let subjects = (PublishSubject<A>(), PublishSubject<B>(), PublishSubject<C>(), PublishSubject<D>(), PublishSubject<E>(), PublishSubject<F>(), PublishSubject<G>(), PublishSubject<H>())
        let sends: [(Int) -> String] = [
            { let v = a($0); subjects.0.onNext(v); return "\(v)" }, { let v = b($0); subjects.1.onNext(v); return "\(v)" },
            { let v = c($0); subjects.2.onNext(v); return "\(v)" }, { let v = d($0); subjects.3.onNext(v); return "\(v)" },
            { let v = e($0); subjects.4.onNext(v); return "\(v)" }, { let v = f($0); subjects.5.onNext(v); return "\(v)" },
            { let v = g($0); subjects.6.onNext(v); return "\(v)" }, { let v = h($0); subjects.7.onNext(v); return "\(v)" },
        ]
        let combined = combining.everyArity(subjects.0.asObservable(), subjects.1.asObservable(), subjects.2.asObservable(), subjects.3.asObservable(), subjects.4.asObservable(), subjects.5.asObservable(), subjects.6.asObservable(), subjects.7.asObservable())
        var received = Array(repeating: [String](), count: combined.count)
        let subscriptions = combined.enumerated().map { arity, observable in observable.subscribe(onNext: { received[arity].append($0) }) }
        // What each arity must send, from the values sent: the latest of each source
        // (combineLatest) or the values of each position (zip).
        var expected = Array(repeating: [String](), count: combined.count)
        var sent = Array(repeating: [String](), count: 8)
        for round in 1...2 {
            for source in 0..<8 {
                sent[source].append(sends[source](round * 10 + source))
                for arity in combined.indices where source < arity + 2 {
                    let count = arity + 2
                    switch combining {
                    case .combineLatest:
                        if sent[..<count].allSatisfy({ !$0.isEmpty }) { expected[arity].append(sent[..<count].map { $0.last! }.joined(separator: " ")) }
                    case .zip:
                        let position = sent[source].count - 1
                        if sent[..<count].allSatisfy({ $0.count > position }) { expected[arity].append(sent[..<count].map { $0[position] }.joined(separator: " ")) }
                    }
                }
            }
        }
        for arity in combined.indices {
            XCTAssertEqual(received[arity], expected[arity], "\(arity + 2) sources of \([A.self, B.self, C.self, D.self, E.self, F.self, G.self, H.self].prefix(arity + 2))", file: file, line: line)
        }
        XCTAssertEqual(expected.map(\.count), combining == .combineLatest ? [3, 4, 5, 6, 7, 8, 9] : [2, 2, 2, 2, 2, 2, 2], "the model itself", file: file, line: line)
        subscriptions.forEach { $0.dispose() }
    }

    /// `assertEveryArity_eachSourceReadAtItsPlace` for sources all of one element type, and for
    /// sources of eight different types.
    func assertEveryArity_eachSourceReadAtItsPlace(_ combining: PairCombining, file: StaticString = #filePath, line: UInt = #line) {
        func same<Value>(_ value: @escaping (Int) -> Value) {
            assertEveryArity_eachSourceReadAtItsPlace(combining, value, value, value, value, value, value, value, value, file: file, line: line)
        }
        // Plain values filling rows of 2 to 8 words (copied word by word), of one word, of
        // sizes that are not whole words, and of more than eight words (copied by `memmove`).
        same { $0 }
        same { Int32($0) }
        same { UInt8($0) }
        same { (Int16($0), Int8(-$0)) }
        same { ($0, $0 + 1, $0 + 2, $0 + 3, $0 + 4) }
        // Values with references: copied and destroyed at their types.
        same { "s\($0)" }
        assertEveryArity_eachSourceReadAtItsPlace(combining, { UInt8($0) }, { "text \($0)" }, { Double($0) + 0.5 }, { Box($0) }, { $0 % 20 == 1 ? nil : Int?($0) }, { (Int16(-$0), $0 % 2 == 0) }, { [$0, $0] }, { Int32($0) }, file: file, line: line)
    }
}

/// A scheduler that runs all work at once, on the calling thread, and returns what the work
/// returned (so shared sequences, and the operators, deliver in place).
struct ImmediateWorkScheduler: SchedulerType {
    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }

    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        Disposables.create()
    }
}

/// A scheduler whose timed actions run only when the test calls `runScheduled()`, on the
/// calling thread, whatever their due times (immediate ones run at once); after
/// `holdNextScheduling()` the next `scheduleRelative` records its action, signals `held` and
/// waits until `release` is signalled before it returns. Its clock moves only by `advance(by:)`.
/// A scheduler whose work cannot be cancelled, run by hand (`runNext`), that keeps the handles
/// it gave; with `runsAtOnce`, it runs the work inside `schedule`. Unchecked Sendable: a test
/// uses it from its own thread only.
final class QueueingScheduler: ImmediateSchedulerType, @unchecked Sendable {
    var queue: [() -> Void] = []
    var handles: [BooleanDisposable] = []
    let runsAtOnce: Bool

    init(runsAtOnce: Bool = false) { self.runsAtOnce = runsAtOnce }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let handle = BooleanDisposable()
        handles.append(handle)
        if runsAtOnce {
            _ = action(state)
        } else {
            queue.append { _ = action(state) }
        }
        return handle
    }

    func runNext() {
        queue.removeFirst()()
    }

    /// Runs the item at `index` of the queue out of turn (and lets it go, as a scheduler does).
    func run(at index: Int) {
        queue.remove(at: index)()
    }
}

final class SteppedScheduler: SchedulerType, @unchecked Sendable {
    private let lock = NSLock()
    private var scheduled: [(cancel: BooleanDisposable, run: () -> Void)] = []
    private var holdNext = false
    private var clock = Date(timeIntervalSince1970: 0)
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    var now: RxTime { lock.withLock { clock } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { clock += seconds }
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = BooleanDisposable()
        let hold: Bool = lock.withLock {
            scheduled.append((cancel, { _ = action(state) }))
            defer { holdNext = false }
            return holdNext
        }
        if hold {
            held.signal()
            _ = release.wait(timeout: .now() + 5)
        }
        return cancel
    }

    func holdNextScheduling() {
        lock.withLock { holdNext = true }
    }

    /// Runs the actions scheduled so far and not cancelled; returns how many ran.
    func runScheduled() -> Int {
        let due: [(cancel: BooleanDisposable, run: () -> Void)] = lock.withLock {
            defer { scheduled = [] }
            return scheduled
        }
        var ran = 0
        for item in due where !item.cancel.isDisposed {
            item.run()
            ran += 1
        }
        return ran
    }
}
