import Reactive
import ReactiveBlocking
import ReactiveTest
import TestSupport
import XCTest

final class CreationTests: ReactiveTestCase {
    func testJust_sendsElementAndCompletes() {
        XCTAssertEqual(try Observable.just(42).toBlocking().toArray(), [42])
    }

    func testJust_withScheduler_sendsAtNextTicks() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testOf_onTestScheduler_oneElementPerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testFrom_disposeInTheMiddleStopsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.from([1, 2, 3], scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1)])
    }

    func testFromOptional() {
        XCTAssertEqual(try Observable.from(optional: 1).toBlocking().toArray(), [1])
        XCTAssertEqual(try Observable<Int>.from(optional: nil).toBlocking().toArray(), [])
    }

    func testFromSequence_iteratesAnewPerSubscription() throws {
        let source = Observable.from(1...3)
        XCTAssertEqual(try source.toBlocking().toArray(), [1, 2, 3])
        XCTAssertEqual(try source.toBlocking().toArray(), [1, 2, 3])
    }

    func testEmptyNeverError() {
        XCTAssertEqual(try Observable<Int>.empty().toBlocking().toArray(), [])
        XCTAssertEqual(Observable<Int>.error(TestError.first).toBlocking().materialize().error as? TestError, .first)
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.never() }
        XCTAssertEqual(res.events, [])
    }

    func testRange_and_generate() {
        XCTAssertEqual(try Observable.range(start: 5, count: 3).toBlocking().toArray(), [5, 6, 7])
        XCTAssertEqual(try Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 }).toBlocking().toArray(), [1, 3, 9, 27, 81])
    }

    func testRange_negativeCountOrOverflow_failsWithArgumentOutOfRange_insteadOfTrapping() {
        // Bad input is an error event, as take, skip and element(at:) send it (RxSwift traps).
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.start { Observable<Int>.range(start: 0, count: -1, scheduler: scheduler) }.events, [.error(200, RxError.argumentOutOfRange)])
        let overflowing = Observable<Int8>.range(start: 120, count: 9).toBlocking().materialize()
        guard case .failed([], RxError.argumentOutOfRange) = overflowing else { return XCTFail("\(overflowing)") }
        XCTAssertEqual(try Observable<Int8>.range(start: 120, count: 8).toBlocking().toArray(), Array(120...127), "up to Int8.max is in range")
        XCTAssertEqual(try Observable<Int>.range(start: 3, count: 0).toBlocking().toArray(), [])
    }

    func testGenerate_throwingIterate_sendsError() {
        let result = Observable.generate(initialState: 0, condition: { _ in true }, iterate: { _ in throw TestError.second }).toBlocking().materialize()
        XCTAssertEqual(result.elements, [0])
        XCTAssertEqual(result.error as? TestError, .second)
    }

    func testRepeatElement_takesUntilDisposed() {
        // Subscribing inside an active trampoline returns before the first element, so the
        // subscription can be stored and disposed from the handler.
        var received = 0
        var subscription: Disposable?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription = Observable.repeatElement(7).subscribe(onNext: { _ in
                received += 1
                if received == 5 { subscription?.dispose() }
            })
            return Disposables.create()
        }
        XCTAssertEqual(received, 5)
        subscription = nil
    }

    func testTimer_onceAndPeriodic() {
        let scheduler = TestScheduler(initialClock: 0)
        let once = scheduler.start { Observable<Int>.timer(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(once.events, [.next(230, 0), .completed(230)])
        let periodicScheduler = TestScheduler(initialClock: 0)
        let periodic = periodicScheduler.start(disposed: 260) { Observable<Int>.timer(.seconds(30), period: .seconds(10), scheduler: periodicScheduler) }
        XCTAssertEqual(periodic.events, [.next(230, 0), .next(240, 1), .next(250, 2)])
    }

    func testInterval_onTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 235) { Observable<Int>.interval(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
    }

    func testInterval_nextTickIsScheduledBeforeTheElementIsSent() {
        // As RxSwift: what the observer schedules for the next tick's moment runs after it.
        let scheduler = TestScheduler(initialClock: 0)
        let other = PublishSubject<Int>()
        let res = scheduler.start(disposed: 235) {
            Observable.merge(
                Observable<Int>.interval(.seconds(10), scheduler: scheduler).do(onNext: { tick in
                    if tick == 0 { scheduler.scheduleAt(220) { other.onNext(100) } }
                }),
                other)
        }
        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 1), .next(220, 100), .next(230, 2)])
    }

    func testDeferred_callsFactoryPerSubscriptionAndForwardsFactoryError() {
        var calls = 0
        let deferred = Observable<Int>.deferred { calls += 1; return .just(calls) }
        XCTAssertEqual(try deferred.toBlocking().toArray(), [1])
        XCTAssertEqual(try deferred.toBlocking().toArray(), [2])
        let failing = Observable<Int>.deferred { throw TestError.first }
        XCTAssertEqual(failing.toBlocking().materialize().error as? TestError, .first)
    }

    func testUsing_disposesResourceWithSubscription() {
        let resource = BooleanDisposable()
        let subject = PublishSubject<Int>()
        let subscription = Observable.using({ resource }, observableFactory: { _ in subject.asObservable() }).subscribe()
        XCTAssertFalse(resource.isDisposed)
        subscription.dispose()
        XCTAssertTrue(resource.isDisposed)
    }

    func testCreate_dropsEventsAfterTerminalSilently() {
        let reports = Collector<GrammarViolation.Kind>()
        let previous = Hooks.grammarViolationHandler
        Hooks.grammarViolationHandler = { reports.append($0.kind) }
        defer { Hooks.grammarViolationHandler = previous }
        var events: [Event<Int>] = []
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            return Disposables.create()
        }.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertEqual(reports.values, [], "the grammar lets a source send after its end: nothing to report")
    }

    func testCreate_concurrentSendsFromTwoThreadsAreReported() {
        let reports = Collector<String>()
        let previous = Hooks.grammarViolationHandler
        Hooks.grammarViolationHandler = { reports.append($0.operatorName) }
        defer { Hooks.grammarViolationHandler = previous }
        let gate = DispatchSemaphore(value: 0)
        let inside = DispatchSemaphore(value: 0)
        var captured: AnyObserver<Int>?
        let subscription = Observable<Int>.create { observer in captured = observer; return Disposables.create() }
            .subscribe(onNext: { value in
                if value == 1 { inside.signal(); gate.wait() }
            })
        let observer = Unchecked(captured!)
        DispatchQueue.global().async { observer.value.onNext(1) }
        inside.wait()
        observer.value.onNext(2)
        gate.signal()
        subscription.dispose()
        #if DEBUG
        XCTAssertEqual(reports.values, ["create"])
        #endif
    }

    /// A disposable that is a value, not an object, as a user may return from `create`.
    private struct CountingDisposable: Disposable {
        let disposals: Collector<String>
        let name: String
        func dispose() { disposals.append(name) }
    }

    func testCreate_disposesTheHandlersValueDisposableOnce() {
        let disposals = Collector<String>()
        var events: [Event<Int>] = []
        let subscription = Observable<Int>.create { observer in
            observer.onNext(1)
            return CountingDisposable(disposals: disposals, name: "value")
        }.subscribe { events.append($0) }
        XCTAssertEqual(disposals.values, [])
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(disposals.values, ["value"])
        XCTAssertEqual(events, [.next(1)])
    }

    func testCreate_handlersDisposablesAreDisposedAtOnceWhenItEndsInsideSubscribe() {
        let disposals = Collector<String>()
        _ = Observable<Int>.create { observer in
            observer.onCompleted()
            return CountingDisposable(disposals: disposals, name: "value")
        }.subscribe()
        _ = Observable<Int>.create { observer in
            observer.onError(TestError.first)
            return Disposables.create { disposals.append("object") }
        }.subscribe(onError: { _ in })
        XCTAssertEqual(disposals.values, ["value", "object"], "each is disposed as the subscription returns, before anyone disposes it")
    }
}

extension MaterializedSequenceResult {
    var error: Error? {
        if case .failed(_, let error) = self { return error }
        return nil
    }
    var elements: [Element] {
        switch self {
        case .completed(let elements), .failed(let elements, _): return elements
        }
    }
}
