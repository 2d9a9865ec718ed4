import Dispatch
import Foundation
import Reactive
import ReactiveBlocking
import ReactiveTest
import TestSupport
import XCTest

final class SchedulerTests: ReactiveTestCase {
    /// A step that recurses several times leaves several steps pending: disposing cancels each.
    func testScheduleRecursive_disposing_cancelsEveryStepStillPending() {
        let (scheduler, ran, subscription) = recursion(fromZeroScheduling: [1, 2, 3])
        XCTAssertEqual(scheduler.handles.count, 4)
        subscription.dispose()
        XCTAssertEqual(scheduler.handles.dropFirst().map(\.isDisposed), [true, true, true])
        // The scheduler runs cancelled work anyway: the disposed steps must do nothing.
        while !scheduler.queue.isEmpty { scheduler.runNext() }
        XCTAssertEqual(ran.values, [0])
    }

    /// Pending steps run in turn, each once, whichever runs first.
    func testScheduleRecursive_severalPendingSteps_eachRunsOnce() {
        let (scheduler, ran, subscription) = recursion(fromZeroScheduling: [1, 2])
        scheduler.run(at: 1)
        scheduler.run(at: 0)
        XCTAssertEqual(ran.values, [0, 2, 1])
        subscription.dispose()
        XCTAssertEqual(scheduler.handles.map(\.isDisposed), [false, false, false], "nothing was pending any more")
    }

    /// A recursion whose handle nobody keeps goes on until it stops recursing, as RxSwift's: only
    /// disposing the handle cancels it (its pending step holds it), and it is released after.
    func testScheduleRecursive_handleDropped_runsUntilItStopsRecursing() {
        let scheduler = QueueingScheduler()
        let ran = Collector<Int>()
        _ = scheduler.scheduleRecursive(0) { value, recurse in
            ran.append(value)
            if value < 2 { recurse(value + 1) }
        }
        while !scheduler.queue.isEmpty { scheduler.runNext() }
        XCTAssertEqual(ran.values, [0, 1, 2])
    }

    /// A recursion on a queueing scheduler whose first step (0) schedules `children`, each a
    /// step that schedules nothing; the first step has run, the children wait in the queue.
    private func recursion(fromZeroScheduling children: [Int]) -> (QueueingScheduler, ran: Collector<Int>, Disposable) {
        let scheduler = QueueingScheduler()
        let ran = Collector<Int>()
        let subscription = scheduler.scheduleRecursive(0) { value, recurse in
            ran.append(value)
            if value == 0 {
                for child in children { recurse(child) }
            }
        }
        scheduler.runNext()
        return (scheduler, ran, subscription)
    }

    func testCurrentThreadScheduler_nestedScheduleRunsAfterCurrentWork() {
        var log: [Int] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append(1)
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in log.append(3); return Disposables.create() }
            log.append(2)
            return Disposables.create()
        }
        XCTAssertEqual(log, [1, 2, 3])
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testCurrentThreadScheduler_deepRecursionDoesNotGrowStack() {
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count = value
            if value < 200_000 { recurse(value + 1) }
        }
        XCTAssertEqual(count, 200_000)
    }

    func testCurrentThreadScheduler_cancelledItemDoesNotRun() {
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let item = CurrentThreadScheduler.instance.schedule(()) { _ in ran = true; return Disposables.create() }
            item.dispose()
            return Disposables.create()
        }
        XCTAssertFalse(ran)
    }

    func testVirtualTimeScheduler_runsInTimeOrderThenInsertionOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("c@\(scheduler.clock)") }
        scheduler.advanceTo(15)
        XCTAssertEqual(log, ["a@10"])
        XCTAssertEqual(scheduler.clock, 15)
        scheduler.start()
        XCTAssertEqual(log, ["a@10", "b@20", "c@20"])
    }

    func testTestScheduler_scheduleRelativeUsesResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        var firedAt: Int?
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(250)) { _ in
            firedAt = scheduler.clock
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(firedAt, 250)
    }

    func testSchedulePeriodic_onVirtualTime_ticksEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [Int] = []
        var periodic: Disposable?
        scheduler.scheduleAt(0) {
            periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) { state in
                ticks.append(scheduler.clock)
                return state + 1
            }
        }
        scheduler.scheduleAt(40) { periodic?.dispose() }
        scheduler.start()
        XCTAssertEqual(ticks, [5, 15, 25, 35])
    }

    func testSchedulePeriodic_onVirtualTime_schedulesTheNextTickBeforeRunningTheAction() {
        // As RxSwift: a tick schedules the next one, then runs the action, so the next tick
        // runs before what the action schedules for the same moment.
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        var periodic: Disposable?
        scheduler.scheduleAt(0) {
            periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(10)) { state in
                log.append("tick \(state) at \(scheduler.clock)")
                if state == 0 { scheduler.scheduleAt(20) { log.append("work at 20") } }
                return state + 1
            }
        }
        scheduler.scheduleAt(25) { periodic?.dispose() }
        scheduler.start()
        XCTAssertEqual(log, ["tick 0 at 10", "tick 1 at 20", "work at 20"])
    }

    func testSchedulePeriodic_tickWhileTheActionRuns_runsTheActionAgainAfterItReturnsNotInsideIt() {
        // A scheduler that runs work concurrently can start the next tick while the action
        // still runs (here, re-entrantly): that tick's action waits for this one to return.
        let scheduler = SteppedScheduler()
        var states: [Int] = []
        var depth = 0
        var deepest = 0
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { state in
            depth += 1
            deepest = max(deepest, depth)
            defer { depth -= 1 }
            states.append(state)
            if state == 0 { XCTAssertEqual(scheduler.runScheduled(), 1) }
            return state + 1
        }
        XCTAssertEqual(scheduler.runScheduled(), 1)
        XCTAssertEqual(states, [0, 1])
        XCTAssertEqual(deepest, 1)
        XCTAssertEqual(scheduler.runScheduled(), 1)
        XCTAssertEqual(states, [0, 1, 2])
        periodic.dispose()
        XCTAssertEqual(scheduler.runScheduled(), 0)
    }

    func testHistoricalScheduler_advancesDates() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        var fired: Date?
        _ = scheduler.scheduleRelative((), dueTime: .seconds(60)) { _ in fired = scheduler.now; return Disposables.create() }
        scheduler.start()
        XCTAssertEqual(fired, start.addingTimeInterval(60))
    }

    func testImmediateScheduler_runsAtOnce() {
        var ran = false
        _ = ImmediateScheduler.instance.schedule(()) { _ in ran = true; return Disposables.create() }
        XCTAssertTrue(ran)
    }

    func testSerialDispatchQueueScheduler_runsInOrderAndDelays() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
        let collected = Collector<Int>()
        let done = expectation(description: "done")
        for i in 0..<100 {
            _ = scheduler.schedule(i) { value in collected.append(value); return Disposables.create() }
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in done.fulfill(); return Disposables.create() }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(collected.values, Array(0..<100))
    }

    /// A dispatch scheduler's `schedule` handle: disposed before the queue runs the action, it
    /// never runs; disposed after, it disposes what the action returned; disposed while the
    /// action runs, what it returns is disposed as it returns. The state and the action are
    /// released once the queue has run or skipped them.
    func testDispatchScheduler_scheduleHandle_cancelsOrDisposesWhatTheActionReturned() {
        final class State: Sendable {}
        let scheduler = SerialDispatchQueueScheduler(serialQueue: DispatchQueue(label: "test.schedule-handle"))
        let ran = Counter()
        let returnedDisposed = Counter()
        func action(_ state: State) -> Disposable {
            ran.increment()
            return Disposables.create { returnedDisposed.increment() }
        }
        // Waits until the queue has run everything scheduled before.
        func flush() {
            let drained = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in drained.signal(); return Disposables.create() }
            XCTAssertEqual(drained.wait(timeout: .now() + 5), .success)
        }

        // Before it runs: the queue is held up by a step that waits.
        let hold = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in hold.wait(); return Disposables.create() }
        weak var cancelledState: State?
        do {
            let state = State()
            cancelledState = state
            scheduler.schedule(state, action: action).dispose()
        }
        hold.signal()
        flush()
        XCTAssertEqual(ran.value, 0, "a cancelled action never runs")
        XCTAssertNil(cancelledState, "a cancelled action's state is released once the queue skipped it")

        // After it ran.
        weak var ranState: State?
        let afterRun: Disposable
        do {
            let state = State()
            ranState = state
            afterRun = scheduler.schedule(state, action: action)
        }
        flush()
        XCTAssertEqual(ran.value, 1)
        XCTAssertNil(ranState, "the state is released once the action ran")
        XCTAssertEqual(returnedDisposed.value, 0)
        afterRun.dispose()
        afterRun.dispose()
        XCTAssertEqual(returnedDisposed.value, 1, "disposing after the run disposes what it returned, once")

        // While it runs.
        let running = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let duringRun = scheduler.schedule(()) { _ in
            running.signal()
            proceed.wait()
            return Disposables.create { returnedDisposed.increment() }
        }
        running.wait()
        duringRun.dispose()
        XCTAssertEqual(returnedDisposed.value, 1, "nothing returned yet")
        proceed.signal()
        flush()
        XCTAssertEqual(returnedDisposed.value, 2, "what the action returned after the disposal is disposed as it returns")
    }

    /// The operators that hop (observe(on:), delay, subscribe(on:)) take the dispatch-queue
    /// schedulers by their type or a cast to their classes, which must find exactly the
    /// schedulers that conform to the internal `DispatchBatching`, as the scheduler itself (the
    /// type test reinterprets the existential's reference: a wrong class would be another object
    /// or a crash).
    func testDispatchQueueSchedulers_areTakenForDispatchQueues_andNoOthers() {
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "test.classify")
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
        let mainAsSerial: SerialDispatchQueueScheduler = MainScheduler.instance
        let mainAsScheduler: SchedulerType = MainScheduler.asyncInstance
        // Boxed as itself: taken by the type test.
        let exact: [ImmediateSchedulerType] = [serial, MainScheduler.instance, MainScheduler.asyncInstance, concurrent, mainAsSerial]
        // Boxed from another existential: whichever way it is taken, it is the scheduler.
        let rebox: [ImmediateSchedulerType] = [mainAsScheduler, serial as SchedulerType, concurrent as SchedulerType]
        let others: [ImmediateSchedulerType] = [
            CurrentThreadScheduler.instance,
            ImmediateScheduler.instance,
            ConcurrentMainScheduler.instance,
            OperationQueueScheduler(operationQueue: OperationQueue()),
            TestScheduler(initialClock: 0),
            HistoricalScheduler(),
        ]
        for scheduler in exact + rebox {
            let classified = dispatchBatchingClassification(scheduler)
            XCTAssertTrue(classified.cast && classified.conforms && classified.sameObject, "\(type(of: scheduler))")
        }
        for scheduler in exact {
            XCTAssertTrue(dispatchBatchingClassification(scheduler).exact, "\(type(of: scheduler)) taken by its type")
        }
        for scheduler in others {
            let classified = dispatchBatchingClassification(scheduler)
            XCTAssertFalse(classified.cast || classified.conforms || classified.exact, "\(type(of: scheduler))")
        }
    }

    /// `scheduleRelative` with a due time of zero or less takes the queue's next turn, in the
    /// queue's order with what is queued after it (a dispatch timer fired after those); its
    /// handle cancels it as `schedule`'s does; it never runs inside the call, not even on
    /// `MainScheduler` from the main thread.
    func testDispatchScheduler_relativeWorkDueNow_runsInQueueOrder_cancellable_neverAtOnce() {
        let queue = DispatchQueue(label: "test.due-now")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let order = Collector<String>()
        let hold = DispatchSemaphore(value: 0)
        queue.async { hold.wait() }
        _ = scheduler.scheduleRelative("zero", dueTime: .nanoseconds(0)) { order.append($0); return Disposables.create() }
        _ = scheduler.scheduleRelative("negative", dueTime: .milliseconds(-5)) { order.append($0); return Disposables.create() }
        scheduler.scheduleRelative("cancelled", dueTime: .seconds(0)) { order.append($0); return Disposables.create() }.dispose()
        queue.async { order.append("queued after") }
        hold.signal()
        queue.sync {}
        XCTAssertEqual(order.values, ["zero", "negative", "queued after"])

        var ranAtOnce = false
        let ran = expectation(description: "ran on the main queue")
        _ = MainScheduler.instance.scheduleRelative((), dueTime: .nanoseconds(0)) { _ in
            ranAtOnce = true
            ran.fulfill()
            return Disposables.create()
        }
        XCTAssertFalse(ranAtOnce, "a relative action is queued, even for the main thread")
        wait(for: [ran], timeout: 5)
    }

    func testConcurrentDispatchQueueScheduler_cancelledRelativeWorkNeverRuns() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let ran = Counter()
        let pending = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in ran.increment(); return Disposables.create() }
        pending.dispose()
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertEqual(ran.value, 0)
    }

    func testOperationQueueScheduler_runsOperations() {
        let queue = OperationQueue()
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let done = expectation(description: "ran")
        _ = scheduler.schedule(()) { _ in done.fulfill(); return Disposables.create() }
        wait(for: [done], timeout: 5)
    }

    func testInterval_onDispatchScheduler_emitsUntilDisposed() throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.interval")
        let values = try Observable<Int>.interval(.milliseconds(5), scheduler: scheduler).take3().toBlocking(timeout: 5).toArray()
        XCTAssertEqual(values, [0, 1, 2])
    }

    /// One `timer` observable, a value shared by its subscriptions (its Sendable rests on its
    /// properties being constants), subscribed from several threads at once on a concurrent
    /// queue: each subscription gets its 0 and completes (TSan checks the shared reads).
    func testTimer_oneObservableSubscribedFromSeveralThreadsAtOnce_eachGetsItsTick() {
        let timer = Observable<Int>.timer(.milliseconds(1), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
        let received = Collector<String>()
        let subscriptions = LockedBox<[Disposable]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let subscription = timer.subscribe(onNext: { received.append("\(index):\($0)") }, onCompleted: { received.append("\(index):|") })
            subscriptions.mutate { $0.append(subscription) }
        }
        waitUntil(timeout: 10) { received.values.count == 16 }
        XCTAssertEqual(Set(received.values), Set((0..<8).flatMap { ["\($0):0", "\($0):|"] }))
        subscriptions.value.forEach { $0.dispose() }
    }

    /// The resident memory of the process in bytes (Linux: /proc/self/statm), or nil elsewhere.
    private func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func testCurrentThreadRecursion_releasesExecutedStepsAsItGoes_memoryStaysBounded() throws {
        // A sanitizer's allocator keeps freed memory in quarantine and adds shadow memory: the
        // resident size then says nothing about what the library keeps. The plain run checks it.
        let sanitized = [String](["__asan_init", "__tsan_init"]).contains { dlsym(nil, $0) != nil }
        if sanitized { throw XCTSkip("resident memory is not the library's under a sanitizer") }
        guard let start = residentBytes() else { throw XCTSkip("needs /proc/self/statm") }
        var peak = start
        var count = 0
        // One million steps of recursion on the trampoline: kept until the drain ended, they
        // took about 150 MiB.
        _ = Observable.range(start: 0, count: 1_000_000).subscribe(onNext: { _ in
            count += 1
            if count % 100_000 == 0, let now = self.residentBytes() { peak = max(peak, now) }
        })
        XCTAssertEqual(count, 1_000_000)
        XCTAssertLessThan(peak - start, 24 << 20, "resident memory grew by \((peak - start) >> 20) MiB")
    }


    func testConcurrentMainScheduler_runsAtOnceOnTheMainThread_andOnTheMainQueueFromElsewhere() {
        var ran = false
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            ran = true
            return Disposables.create()
        }
        XCTAssertTrue(ran, "on the main thread: at once")
        let onMain = Collector<Bool>()
        let scheduled = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                onMain.append(Thread.isMainThread)
                return Disposables.create()
            }
            scheduled.signal()
        }
        scheduled.wait()
        runMainLoop(until: { !onMain.values.isEmpty }, timeout: 2)
        XCTAssertEqual(onMain.values, [true])
        let _: ConcurrentMainScheduler.TimeInterval = 1.5
        let _: SerialDispatchQueueScheduler.Time = Date()
        let _: ConcurrentDispatchQueueScheduler.TimeInterval = 0
    }

    func testVirtualTimeScheduler_debugDescription_listsTheClockAndPendingWork() {
        let scheduler = TestScheduler(initialClock: 0)
        scheduler.scheduleAt(300) {}
        let cancelled = scheduler.scheduleRelativeVirtual((), dueTime: 50) { _ in Disposables.create() }
        cancelled.dispose()
        scheduler.scheduleAt(200) {}
        XCTAssertEqual(scheduler.debugDescription, "VirtualTimeScheduler at 0, 2 scheduled:\n  200 (#2)\n  300 (#0)")
        scheduler.start()
        XCTAssertEqual(scheduler.debugDescription, "VirtualTimeScheduler at 300, 0 scheduled")
    }

    func testDebugCounters_serialQueueObservables_andSequentialStackSize() {
        #if DEBUG
        let queue = SerialDispatchQueueScheduler(qos: .default)
        let before = Resources.numberOfSerialDispatchQueueObservables
        let subject = PublishSubject<Int>()
        // RxSwift counts the observables, not their subscriptions: one before any subscription,
        // still one with two.
        var observed: Observable<Int>? = subject.observe(on: queue)
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before + 1)
        let subscriptions = [observed?.subscribe(), observed?.subscribe()]
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before + 1)
        subscriptions.forEach { $0?.dispose() }
        observed = nil
        waitUntil(timeout: 2) { Resources.numberOfSerialDispatchQueueObservables == before }
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before)
        _ = Observable.just(1).observe(on: ImmediateWorkScheduler())
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before, "other schedulers do not count")
        maxTailRecursiveSinkStackSize = 0
        _ = Observable.concat((0..<1_000).map { Observable.just($0) }).subscribe()
        XCTAssertEqual(maxTailRecursiveSinkStackSize, 1, "a thousand sequences in a loop: no stack")
        #endif
    }

}

extension ObservableType {
    /// A tiny take(3) for these tests (the `take` operator comes with the operator set).
    func take3() -> Observable<Element> {
        Observable.create { observer in
            var count = 0
            let inner = SingleAssignmentDisposable()
            inner.setDisposable(self.subscribe { event in
                switch event {
                case .next(let value):
                    count += 1
                    observer.onNext(value)
                    if count == 3 { observer.onCompleted(); inner.dispose() }
                default: observer.on(event)
                }
            })
            return inner
        }
    }
}
