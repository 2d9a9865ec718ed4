import Dispatch
import Foundation
import Reactive
import ReactiveBlocking
import ReactiveTest
import TestSupport
import XCTest

/// The flattening operators with an `async` closure: order, concurrency, cancellation, errors,
/// disposal, completion, and the actor each closure runs on. The work is `WorkGates.run`, whose
/// end each test decides.
final class FlatMapAsyncTests: ReactiveTestCase {
    /// Each async form, over a source and with `gates.run` as its closure.
    static let forms: [(name: String, apply: @Sendable (Observable<Int>, WorkGates) -> Observable<Int>)] = [
        ("flatMap", { source, gates in source.flatMap { try await gates.run($0) } }),
        ("flatMapLatest", { source, gates in source.flatMapLatest { try await gates.run($0) } }),
        ("flatMapFirst", { source, gates in source.flatMapFirst { try await gates.run($0) } }),
        ("concatMap", { source, gates in source.concatMap { try await gates.run($0) } }),
    ]

    // MARK: every form

    func testEveryAsyncForm_sourceCompletes_completionWaitsForTheRunningTask() async {
        for form in Self.forms {
            let gates = WorkGates()
            let source = PublishSubject<Int>()
            let log = EventLog()
            log.subscribe(form.apply(source.asObservable(), gates))
            source.onNext(1)
            source.onCompleted()
            await eventually { gates.started == [1] }
            XCTAssertEqual(log.events, [], "\(form.name): not completed while 1's task runs")
            gates.open(1, returning: 10)
            await eventually { log.events.count == 2 }
            XCTAssertEqual(log.events, ["next 10", "completed"], form.name)
            log.dispose()
        }
    }

    func testEveryAsyncForm_closureThrows_errorEndsTheSequence() async {
        for form in Self.forms {
            let gates = WorkGates()
            let source = PublishSubject<Int>()
            let log = EventLog()
            log.subscribe(form.apply(source.asObservable(), gates))
            source.onNext(1)
            await eventually { gates.started == [1] }
            gates.open(1, throwing: TestError.first)
            await eventually { log.events.count == 1 }
            XCTAssertEqual(log.events, ["error first"], form.name)
            XCTAssertFalse(source.hasObservers, "\(form.name): the error disposed the source")
            log.dispose()
        }
    }

    func testEveryAsyncForm_sourceFails_errorSentAndTheRunningTaskCancelled() async {
        for form in Self.forms {
            let gates = WorkGates()
            let source = PublishSubject<Int>()
            let log = EventLog()
            log.subscribe(form.apply(source.asObservable(), gates))
            source.onNext(1)
            await eventually { gates.started == [1] }
            source.onError(TestError.second)
            XCTAssertEqual(log.events, ["error second"], form.name)
            await eventually("\(form.name): 1's task cancelled") { gates.cancelled == [1] }
            log.dispose()
        }
    }

    func testEveryAsyncForm_disposedWhileATaskRuns_cancelsIt_andItsLateResultIsDropped() async {
        for form in Self.forms {
            let gates = WorkGates(honoursCancellation: false)
            let source = PublishSubject<Int>()
            let log = EventLog()
            let check = Resources.total
            log.subscribe(form.apply(source.asObservable(), gates))
            source.onNext(1)
            await eventually { gates.started == [1] }
            log.dispose()
            await eventually("\(form.name): 1's task cancelled") { gates.cancelled == [1] }
            gates.open(1, returning: 10)
            await settled(since: check)
            XCTAssertEqual(log.events, [], "\(form.name): nothing after dispose() returned")
            XCTAssertFalse(source.hasObservers, form.name)
        }
    }

    // MARK: flatMap

    func testFlatMapAsync_tasksRunConcurrently_resultsArriveAsTheyFinish() async {
        let gates = WorkGates()
        let source = PublishSubject<Int>()
        let log = EventLog()
        log.subscribe(source.flatMap { try await gates.run($0) })
        source.onNext(1)
        source.onNext(2)
        source.onNext(3)
        await eventually("three tasks running") { gates.started.count == 3 }
        XCTAssertEqual(gates.maxRunning, 3)
        gates.open(2, returning: 20)
        await eventually { log.events.count == 1 }
        gates.open(3, returning: 30)
        await eventually { log.events.count == 2 }
        gates.open(1, returning: 10)
        await eventually { log.events.count == 3 }
        XCTAssertEqual(log.events, ["next 20", "next 30", "next 10"])
        source.onCompleted()
        XCTAssertEqual(log.events, ["next 20", "next 30", "next 10", "completed"])
        log.dispose()
    }

    func testFlatMapAsync_closureThrows_errorEndsTheSequenceAndCancelsTheOtherTasks() async {
        let gates = WorkGates()
        let source = PublishSubject<Int>()
        let log = EventLog()
        let check = Resources.total
        log.subscribe(source.flatMap { try await gates.run($0) })
        source.onNext(1)
        source.onNext(2)
        await eventually { gates.started.count == 2 }
        gates.open(1, throwing: TestError.first)
        await eventually { log.events.count == 1 }
        XCTAssertEqual(log.events, ["error first"])
        await eventually("2's task cancelled") { gates.cancelled == [2] }
        XCTAssertFalse(source.hasObservers, "the error disposed the source")
        log.dispose()
        await settled(since: check)
        XCTAssertEqual(log.events, ["error first"])
    }

    func testFlatMapAsync_disposedWhileTasksRun_cancelsEveryTask_andTheirLateResultsAreDropped() async {
        let gates = WorkGates(honoursCancellation: false)
        let source = PublishSubject<Int>()
        let log = EventLog()
        let check = Resources.total
        log.subscribe(source.flatMap { try await gates.run($0) })
        source.onNext(1)
        source.onNext(2)
        await eventually { gates.started.count == 2 }
        log.dispose()
        await eventually("both tasks cancelled") { gates.cancelled.sorted() == [1, 2] }
        gates.open(1, returning: 10)
        gates.open(2, throwing: TestError.first)
        log.dispose()
        await settled(since: check)
        XCTAssertEqual(gates.finished.sorted(), [1, 2])
        XCTAssertEqual(log.events, [], "nothing after dispose() returned")
        XCTAssertFalse(source.hasObservers)
    }

    func testFlatMapAsync_synchronousSource_everyElementsTaskRuns_thenCompletes() async {
        let gates = WorkGates()
        let log = EventLog()
        for value in 1...3 { gates.open(value, returning: value * 10) }
        log.subscribe(Observable.of(1, 2, 3).flatMap { try await gates.run($0) })
        await eventually { log.events.last == "completed" }
        XCTAssertEqual(log.events.dropLast().sorted(), ["next 10", "next 20", "next 30"])
        XCTAssertEqual(log.events.count, 4)
        log.dispose()
    }

    // MARK: flatMapLatest

    /// 1's task ignores its cancellation and finishes after 2 arrived, with a stale result or
    /// a stale error: neither is sent.
    func testFlatMapLatestAsync_newElementCancelsTheRunningTask_whoseLateResultOrErrorIsNeverSent() async {
        for lateError in [false, true] {
            let gates = WorkGates(honoursCancellation: false)
            let source = PublishSubject<Int>()
            let log = EventLog()
            let check = Resources.total
            log.subscribe(source.flatMapLatest { try await gates.run($0) })
            source.onNext(1)
            await eventually { gates.started == [1] }
            source.onNext(2)
            await eventually("1's task cancelled") { gates.cancelled == [1] }
            await eventually { gates.started == [1, 2] }
            XCTAssertEqual(gates.cancelled, [1], "2's task runs on")
            if lateError {
                gates.open(1, throwing: TestError.first)
            } else {
                gates.open(1, returning: 10)
            }
            await eventually { gates.finished == [1] }
            gates.open(2, returning: 20)
            source.onCompleted()
            await eventually { log.events.last == "completed" }
            log.dispose()
            await settled(since: check)
            XCTAssertEqual(log.events, ["next 20", "completed"], lateError ? "a late error" : "a late result")
        }
    }

    func testFlatMapLatestAsync_cancellationIsSeenInsideTheClosure() async {
        let source = PublishSubject<Int>()
        let sawCancellation = Collector<Bool>()
        let started = Flag()
        let subscription = source.flatMapLatest { value -> Int in
            started.set()
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
            sawCancellation.append(Task.isCancelled)
            return value
        }.subscribe()
        source.onNext(1)
        await eventually { started.isSet }
        source.onNext(2)
        await eventually { sawCancellation.values.count == 1 }
        XCTAssertEqual(sawCancellation.values, [true])
        subscription.dispose()
        await eventually { sawCancellation.values.count == 2 }
    }

    func testFlatMapLatestAsync_synchronousSource_onlyTheLastElementsResult() async {
        let gates = WorkGates(honoursCancellation: false)
        let log = EventLog()
        let check = Resources.total
        log.subscribe(Observable.of(1, 2, 3).flatMapLatest { try await gates.run($0) })
        // Every element came inside `subscribe`: 1's and 2's tasks are cancelled already, and
        // finish late.
        for value in 1...3 { gates.open(value, returning: value * 10) }
        await eventually { log.events.last == "completed" }
        log.dispose()
        await settled(since: check)
        XCTAssertEqual(log.events, ["next 30", "completed"], "1's and 2's tasks were cancelled at once")
        log.dispose()
    }

    /// `take(1)` disposes the chain from inside the first result's delivery, on the task's
    /// thread: the other task is cancelled, and nothing follows the completion.
    func testFlatMapAsync_disposedFromInsideAResultsDelivery_cancelsTheOtherTask() async {
        let gates = WorkGates(honoursCancellation: false)
        let source = PublishSubject<Int>()
        let log = EventLog()
        let check = Resources.total
        log.subscribe(source.flatMap { try await gates.run($0) }.take(1))
        source.onNext(1)
        source.onNext(2)
        await eventually { gates.started.count == 2 }
        gates.open(2, returning: 20)
        await eventually { log.events.count == 2 }
        await eventually("1's task cancelled") { gates.cancelled == [1] }
        XCTAssertFalse(source.hasObservers)
        gates.open(1, returning: 10)
        log.dispose()
        await settled(since: check)
        XCTAssertEqual(log.events, ["next 20", "completed"])
    }

    // MARK: flatMapFirst

    func testFlatMapFirstAsync_elementsArrivingWhileATaskRuns_areDroppedWithoutCallingTheClosure() async {
        let gates = WorkGates()
        let source = PublishSubject<Int>()
        let log = EventLog()
        log.subscribe(source.flatMapFirst { try await gates.run($0) })
        source.onNext(1)
        await eventually { gates.started == [1] }
        source.onNext(2)
        gates.open(1, returning: 10)
        await eventually { log.events == ["next 10"] }
        // 1's inner sequence completes just after its result: 3 is dropped until it has.
        gates.open(3, returning: 30)
        while gates.started.count < 2 {
            source.onNext(3)
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        await eventually { log.events.count == 2 }
        source.onCompleted()
        await eventually { log.events.count == 3 }
        XCTAssertEqual(gates.started, [1, 3], "2 arrived while 1 ran: never started")
        XCTAssertEqual(log.events, ["next 10", "next 30", "completed"])
        log.dispose()
    }

    // MARK: concatMap

    func testConcatMapAsync_oneTaskAtATime_inOrder() async {
        let gates = WorkGates()
        let source = PublishSubject<Int>()
        let log = EventLog()
        log.subscribe(source.concatMap { try await gates.run($0) })
        source.onNext(1)
        source.onNext(2)
        source.onNext(3)
        source.onCompleted()
        await eventually { gates.started == [1] }
        gates.open(2, returning: 20)  // ready before it starts: it must still wait for 1
        gates.open(1, returning: 10)
        await eventually { gates.started == [1, 2, 3] }
        gates.open(3, returning: 30)
        await eventually { log.events.last == "completed" }
        XCTAssertEqual(log.events, ["next 10", "next 20", "next 30", "completed"])
        XCTAssertEqual(gates.maxRunning, 1)
        log.dispose()
    }

    func testConcatMapAsync_closureThrows_errorSent_waitingElementsNeverStart() async {
        let gates = WorkGates()
        let source = PublishSubject<Int>()
        let log = EventLog()
        let check = Resources.total
        log.subscribe(source.concatMap { try await gates.run($0) })
        source.onNext(1)
        source.onNext(2)
        await eventually { gates.started == [1] }
        gates.open(1, throwing: TestError.first)
        await eventually { log.events.count == 1 }
        log.dispose()
        await settled(since: check)
        XCTAssertEqual(log.events, ["error first"])
        XCTAssertEqual(gates.started, [1])
    }

    func testConcatMapAsync_disposedWhileATaskRuns_cancelsIt_andTheWaitingNeverStart() async {
        let gates = WorkGates(honoursCancellation: false)
        let source = PublishSubject<Int>()
        let log = EventLog()
        let check = Resources.total
        log.subscribe(source.concatMap { try await gates.run($0) })
        source.onNext(1)
        source.onNext(2)
        await eventually { gates.started == [1] }
        log.dispose()
        await eventually { gates.cancelled == [1] }
        gates.open(1, returning: 10)
        log.dispose()
        await settled(since: check)
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(gates.started, [1])
    }

    func testConcatMapAsync_synchronousSource_runsEachInOrder() async {
        let log = EventLog()
        log.subscribe(Observable.of(1, 2, 3).concatMap { value async -> Int in
            try? await Task.sleep(nanoseconds: UInt64(4 - value) * 2_000_000)  // the first is the slowest
            return value * 10
        })
        await eventually { log.events.last == "completed" }
        XCTAssertEqual(log.events, ["next 10", "next 20", "next 30", "completed"])
        log.dispose()
    }

    // MARK: overloads

    /// A sync closure returning an observable selects the Observable-returning form, as before
    /// the async forms existed; one with `await` selects the async form.
    func testOverloads_syncClosureReturningAnObservable_keepsTheSyncForm() {
        let source = Observable.of(1, 2)
        let merged: Observable<Int> = source.flatMap { Observable.just($0) }
        let latest: Observable<Int> = source.flatMapLatest { value in Observable.just(value) }
        let first: Observable<Int> = source.flatMapFirst { Observable.just($0) }
        let concatenated: Observable<Int> = source.concatMap { value -> Observable<Int> in .just(value) }
        XCTAssertEqual(try merged.toArray().toBlocking().single(), [1, 2])
        XCTAssertEqual(try latest.toArray().toBlocking().single(), [1, 2])
        XCTAssertEqual(try first.toArray().toBlocking().single(), [1, 2])
        XCTAssertEqual(try concatenated.toArray().toBlocking().single(), [1, 2])
        let single: Single<Int> = Single.just(1).flatMap { Single.just($0 + 1) }
        XCTAssertEqual(try single.toBlocking().single(), 2)
    }
}

// MARK: - The actor each closure runs on

/// What closures written on the main actor saw; main-actor state they change (which they may
/// only if they are isolated to it).
@MainActor private final class MainActorWork {
    var calls = 0
    var offMain = 0
    var received: [Int] = []
}

/// Builds chains inside its own methods: their closures change its state.
private actor SearchStore {
    var calls = 0
    var offActor = 0

    func chain(_ source: Observable<Int>) -> Observable<Int> {
        source.flatMapLatest { value in
            self.calls += 1
            if CurrentExecutor.runsOn(self) != true { self.offActor += 1 }
            return value * 10
        }
    }
}

extension FlatMapAsyncTests {
    /// Each form's closure, written in `@MainActor` code, runs on the main queue and changes
    /// main-actor state, while the elements come from a background thread.
    func testAsyncForms_closureWrittenOnTheMainActor_runsOnTheMainActor() {
        MainActor.assumeIsolated {
            let work = MainActorWork()
            let source = PublishSubject<Int>()
            let step: @MainActor @Sendable (Int) -> Int = { value in
                work.calls += 1
                if !Thread.isMainThread { work.offMain += 1 }
                return value
            }
            let chains: [Observable<Int>] = [
                source.flatMap { step($0) },
                source.flatMapLatest { step($0 + 100) },
                source.flatMapFirst { step($0 + 200) },
                source.concatMap { step($0 + 300) },
            ]
            let subscriptions = chains.map { $0.subscribe(onNext: { work.received.append($0) }) }
            DispatchQueue.global().async { source.onNext(1) }
            runMainLoop(until: { work.received.count == 4 }, timeout: 5)
            XCTAssertEqual(work.received.sorted(), [1, 101, 201, 301])
            XCTAssertEqual(work.calls, 4)
            XCTAssertEqual(work.offMain, 0)
            subscriptions.forEach { $0.dispose() }
        }
    }

    func testAsyncForm_closureWrittenInAnActorsMethod_runsOnThatActor() async {
        let store = SearchStore()
        let source = PublishSubject<Int>()
        let log = EventLog()
        log.subscribe(await store.chain(source.asObservable()))
        source.onNext(1)
        source.onNext(2)
        await eventually { log.events.count >= 1 }
        source.onCompleted()
        await eventually { log.events.last == "completed" }
        let calls = await store.calls
        let offActor = await store.offActor
        XCTAssertGreaterThanOrEqual(calls, 1)
        XCTAssertEqual(offActor, 0)
        XCTAssertEqual(log.events.last(where: { $0.hasPrefix("next") }), "next 20")
        log.dispose()
    }

    /// Written in nonisolated code and fed from the main thread, the closure runs off it.
    func testAsyncForm_closureWrittenInNonisolatedCode_runsOffTheCallersThread() {
        XCTAssertTrue(Thread.isMainThread)
        let onMain = Collector<Bool>()
        let done = DispatchSemaphore(value: 0)
        let source = PublishSubject<Int>()
        let subscription = source.concatMap { value async -> Int in
            onMain.append(Thread.isMainThread)
            return value
        }.subscribe(onCompleted: { done.signal() })
        source.onNext(1)
        source.onNext(2)
        source.onCompleted()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "ran without the main queue")
        XCTAssertEqual(onMain.values, [false, false])
        subscription.dispose()
    }
}

// MARK: - Stress

extension FlatMapAsyncTests {
    /// Four threads send elements at once to each form; results come back from many tasks.
    /// Deliveries never overlap, every `flatMap` and `concatMap` result arrives, each
    /// `flatMapLatest` result is one of the elements', and completion comes once, last.
    func testAsyncForms_fourThreadsSending_contractHolds() async {
        let perThread = 100
        for form in ["flatMap", "flatMapLatest", "flatMapFirst", "concatMap"] {
            // One subject a thread, merged: each source keeps the contract, the merge serialises.
            let subjects = (0..<4).map { _ in PublishSubject<Int>() }
            let source = Observable.merge(subjects.map { $0.asObservable() })
            let work: @Sendable (Int) async -> Int = { value in
                if value % 3 == 0 { await Task.yield() }
                return value
            }
            let chain: Observable<Int>
            switch form {
            case "flatMap": chain = source.flatMap(work)
            case "flatMapLatest": chain = source.flatMapLatest(work)
            case "flatMapFirst": chain = source.flatMapFirst(work)
            default: chain = source.concatMap(work)
            }
            let checker = ContractChecker()
            let received = Collector<Int>()
            let completions = Counter()
            let lateEvents = Counter()
            let subscription = chain.subscribe(onNext: { value in
                checker.enter()
                if completions.value > 0 { lateEvents.increment() }
                received.append(value)
                checker.leave()
            }, onCompleted: {
                checker.enter()
                completions.increment()
                checker.leave()
            })
            let sent = DispatchGroup()
            for thread in 0..<4 {
                DispatchQueue.global().async(group: sent) {
                    for index in 0..<perThread { subjects[thread].onNext(thread * perThread + index) }
                    subjects[thread].onCompleted()
                }
            }
            await withCheckedContinuation { continuation in sent.notify(queue: .global()) { continuation.resume() } }
            await eventually("\(form) completing") { completions.value == 1 }
            XCTAssertEqual(checker.overlaps, 0, form)
            XCTAssertEqual(lateEvents.value, 0, form)
            XCTAssertEqual(Set(received.values).count, received.values.count, "\(form): no result twice")
            XCTAssertTrue(received.values.allSatisfy { (0..<4 * perThread).contains($0) }, form)
            if form == "flatMap" || form == "concatMap" {
                XCTAssertEqual(received.values.sorted(), Array(0..<4 * perThread), form)
            } else {
                XCTAssertFalse(received.values.isEmpty, form)
            }
            subscription.dispose()
        }
    }

    /// Disposal from another thread while tasks finish: no delivery starts after it returned
    /// (one that another thread had begun may still finish: `Disposable.dispose()`).
    func testAsyncForms_disposedWhileResultsArrive_nothingAfterDisposeReturns() async {
        for _ in 0..<20 {
            let source = PublishSubject<Int>()
            let disposed = Flag()
            let afterDispose = Counter()
            let check = Resources.total
            do {
                let subscription = source.flatMap { value async -> Int in
                    await Task.yield()
                    return value
                }.subscribe(onNext: { _ in if disposed.isSet { afterDispose.increment() } })
                for value in 0..<50 { source.onNext(value) }
                disposeOnAnotherThread(subscription)
                disposed.set()
            }
            await settled(since: check)
            XCTAssertLessThanOrEqual(afterDispose.value, 1)
        }
    }
}
