import Dispatch
import Foundation
import Reactive
import ReactiveBlocking
import ReactiveTest
import TestSupport
import XCTest

final class ObserveOnTests: ReactiveTestCase {
    func testObserveOn_testScheduler_deliversOneTickLaterInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(231)])
        // The source's own subscription ends when the source completes, before delivery.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testObserveOn_error_isDeliveredAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.first)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .error(221, TestError.first)])
    }

    func testObserveOn_disposeDropsQueuedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let res = scheduler.start(disposed: 300) { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testObserveOn_serialQueue_deliversAllInOrderOnThatQueue() throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe.on")
        let values = try Observable.from(Array(0..<1000)).observe(on: scheduler).toBlocking(timeout: 5).toArray()
        XCTAssertEqual(values, Array(0..<1000))
    }

    func testObserveOn_eventsArrivingTogether_areDeliveredOneScheduledStepApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, scheduler: ImmediateScheduler.instance).observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }


    func testObserveOn_serialQueue_schedulesEachEventAsItArrives_beforeWorkQueuedAfterIt() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on-test")
        let subject = PublishSubject<Int>()
        let received = Collector<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { received.append($0) })
        let seenByLaterWork = Collector<[Int]>()
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            subject.onNext(1)
            subject.onNext(2)
            // Queued after both events: they are delivered before it runs.
            _ = scheduler.schedule(()) { _ in
                seenByLaterWork.append(received.values)
                done.signal()
                return Disposables.create()
            }
            return Disposables.create()
        }
        done.wait()
        XCTAssertEqual(seenByLaterWork.values, [[1, 2]])
        subscription.dispose()
    }

}

extension ObserveOnTests {
    /// A subscriber written in nonisolated code gets no actor hop of its own: an element sent
    /// from a background thread while nothing is queued must still reach it on the main queue,
    /// which only `MainScheduler`'s check of the current queue ensures.
    func testObserveOn_mainScheduler_nonisolatedSubscriber_elementFromABackgroundThread_arrivesOnTheMainQueue() {
        XCTAssertTrue(Thread.isMainThread)
        drainMainQueue()
        let subject = PublishSubject<Int>()
        let onMain = Collector<Bool>()
        let subscription = subject.observe(on: MainScheduler.instance).subscribe(onNext: { _ in onMain.append(Thread.isMainThread) })
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            subject.onNext(1)
            sent.signal()
        }
        sent.wait()
        runMainLoop(until: { onMain.values.count == 1 }, timeout: 5)
        XCTAssertEqual(onMain.values, [true])
        subscription.dispose()
    }
}

final class SubscribeOnTests: ReactiveTestCase {
    func testSubscribeOn_subscribesAndDisposesOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(400)])
        let res = scheduler.start(disposed: 300) { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(250, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOn_sourceCompleting_disposesItThroughTheSchedulerATickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOn_sourceFailing_disposesItThroughTheSchedulerATickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(300, TestError.first)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(300, TestError.first)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOn_schedulerRunningTheSubscriptionAtOnce_keepsTheSourceSubscribedUntilDisposed() {
        // An immediate scheduler (or the main one, on the main thread) subscribes the source
        // inside `schedule`: that subscription must outlive the call, as in RxSwift.
        for scheduler in [ImmediateScheduler.instance as ImmediateSchedulerType, ConcurrentMainScheduler.instance] {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = subject.subscribe(on: scheduler).subscribe(onNext: { received.append($0) })
            subject.onNext(1)
            XCTAssertTrue(subject.hasObservers)
            subscription.dispose()
            subject.onNext(2)
            XCTAssertEqual(received, [1], "\(type(of: scheduler))")
            XCTAssertFalse(subject.hasObservers)
        }
    }

    func testSubscribeOn_disposeBeforeScheduledSubscription_neverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.subscribe(on: scheduler).subscribe()
            subscription?.dispose()
        }
        scheduler.start()
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testSubscribeOn_workRunningAfterDispose_disposesTheSourceThroughTheScheduler() {
        let scheduler = QueueingScheduler()
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.subscribe(on: scheduler).subscribe(onNext: { received.append($0) })
        subscription.dispose()
        XCTAssertTrue(scheduler.handles[0].isDisposed, "the work's cancellation was asked for")
        scheduler.runNext()
        XCTAssertTrue(subject.hasObservers, "the work that could not be cancelled subscribed")
        subject.onNext(1)
        XCTAssertEqual(received, [], "nothing reaches a disposed subscription")
        XCTAssertEqual(scheduler.queue.count, 1, "its disposal is scheduled")
        scheduler.runNext()
        XCTAssertFalse(subject.hasObservers)
    }

    /// As RxSwift's, whose serial disposable disposes the work's handle when the source's
    /// subscription replaces it: also when the work ran inside `schedule`, before the handle
    /// was returned.
    func testSubscribeOn_workHandle_isDisposedOnceTheWorkRan() {
        for runsAtOnce in [false, true] {
            let scheduler = QueueingScheduler(runsAtOnce: runsAtOnce)
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(on: scheduler).subscribe()
            if !runsAtOnce { scheduler.runNext() }
            XCTAssertTrue(subject.hasObservers)
            XCTAssertTrue(scheduler.handles[0].isDisposed, "runs at once: \(runsAtOnce)")
            subscription.dispose()
            while !scheduler.queue.isEmpty { scheduler.runNext() }
            XCTAssertFalse(subject.hasObservers, "runs at once: \(runsAtOnce)")
        }
    }

    /// On a dispatch queue (the path where the subscription dispatches itself): the source is
    /// subscribed on the queue and its subscription disposed there, after its own completion
    /// or on the subscriber's disposal. Subscribed by closures right behind the operator (one
    /// sink for both) and by an observer (through the operator's sink).
    func testSubscribeOn_serialQueue_subscribesAndDisposesTheSourceOnTheQueue() {
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "subscribe-on")
        queue.setSpecific(key: key, value: 1)
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        for (completes, byClosures) in [(false, true), (true, true), (false, false), (true, false)] {
            let log = Collector<String>()
            let source = Observable<Int>.create { observer in
                log.append("subscribed on the queue: \(DispatchQueue.getSpecific(key: key) == 1)")
                observer.onNext(1)
                if completes { observer.onCompleted() }
                return Disposables.create { log.append("disposed on the queue: \(DispatchQueue.getSpecific(key: key) == 1)") }
            }
            let subscription = byClosures
                ? source.subscribe(on: scheduler).subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
                : source.subscribe(on: scheduler).subscribe(LoggingObserver(log))
            waitUntil(timeout: 10) { log.values.count >= (completes ? 4 : 2) }
            subscription.dispose()
            waitUntil(timeout: 10) { log.values.count >= (completes ? 4 : 3) }
            flush(queue)
            XCTAssertEqual(log.values, completes
                ? ["subscribed on the queue: true", "next 1", "completed", "disposed on the queue: true"]
                : ["subscribed on the queue: true", "next 1", "disposed on the queue: true"], "by closures: \(byClosures)")
        }
    }

    /// On a dispatch queue, the subscription of one of the library's observables that ended
    /// itself (here inside its `subscribe`, on the queue) is let go at once: no block is left on
    /// the queue to dispose it, so with the queue held by work the source queued, only what the
    /// subscription keeps while held is alive (one resource; the node is counted before), the
    /// same as once the queue ran. Subscribed by closures right behind the operator and by an
    /// observer.
    func testSubscribeOn_dispatchQueue_libraryObservableEndingInsideSubscribe_isReleasedWithoutABlockOnTheQueue() {
        #if DEBUG
        for byClosures in [true, false] {
            let queue = DispatchQueue(label: "subscribe-on-ends-itself")
            let release = DispatchSemaphore(value: 0)
            let log = Collector<String>()
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                queue.async { release.wait() }
                return Disposables.create { log.append("source disposed") }
            }.subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue))
            let before = Resources.total
            let subscription = byClosures
                ? source.subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
                : source.subscribe(LoggingObserver(log))
            waitUntil(timeout: 10) { log.values.count == 3 }
            XCTAssertEqual(log.values, ["next 1", "completed", "source disposed"])
            let held = before + 1
            waitUntil(timeout: 2) { Resources.total == held }
            XCTAssertEqual(Resources.total, held, "by closures: \(byClosures)")
            release.signal()
            flush(queue)
            XCTAssertEqual(Resources.total, held, "by closures: \(byClosures)")
            subscription.dispose()
        }
        #endif
    }

    /// The same for one that ends later, on another thread: its subscription is let go as it
    /// ends, not by a block on the (held) queue.
    func testSubscribeOn_dispatchQueue_libraryObservableEndingLater_isReleasedWithoutABlockOnTheQueue() {
        #if DEBUG
        for byClosures in [true, false] {
            let queue = DispatchQueue(label: "subscribe-on-ends-later")
            let subject = PublishSubject<Int>()
            let source = subject.map { $0 }.subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue))
            let before = Resources.total
            let log = Collector<String>()
            let subscription = byClosures
                ? source.subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
                : source.subscribe(LoggingObserver(log))
            flush(queue)
            let held = before + 1
            let release = DispatchSemaphore(value: 0)
            queue.async { release.wait() }
            subject.onNext(1)
            subject.onCompleted()
            XCTAssertEqual(log.values, ["next 1", "completed"])
            XCTAssertEqual(Resources.total, held, "by closures: \(byClosures)")
            release.signal()
            flush(queue)
            XCTAssertEqual(Resources.total, held, "by closures: \(byClosures)")
            subscription.dispose()
        }
        #endif
    }

    /// A source that is not an `Observable` keeps RxSwift's order: its disposable, which may do
    /// anything, is disposed by a block dispatched once the source's `subscribe` returned (also
    /// when it ended inside it), so after the work the source queued meanwhile; and after an
    /// end on another thread, on the queue, once the queue is free.
    func testSubscribeOn_dispatchQueue_sourceNotAnObservable_isDisposedByABlockOnTheQueueAfterItsEnd() {
        for byClosures in [true, false] {
            let queue = DispatchQueue(label: "subscribe-on-user-source")
            let log = Collector<String>()
            let endingInside = QueueingSource(queue: queue, log: log, endsInside: true)
                .subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue))
            let first = byClosures ? endingInside.subscribe(onCompleted: { log.append("completed") }) : endingInside.subscribe(LoggingObserver(log))
            flush(queue)
            flush(queue)
            XCTAssertEqual(log.values, ["completed", "queued by the source", "source disposed"], "by closures: \(byClosures)")
            first.dispose()

            let later = QueueingSource(queue: queue, log: log, endsInside: false)
            let endingLater = later.subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue))
            let second = byClosures ? endingLater.subscribe(onCompleted: { log.append("completed") }) : endingLater.subscribe(LoggingObserver(log))
            flush(queue)
            log.removeAll()
            let release = DispatchSemaphore(value: 0)
            queue.async { release.wait() }
            later.complete()
            XCTAssertEqual(log.values, ["completed"], "by closures: \(byClosures)")
            release.signal()
            flush(queue)
            XCTAssertEqual(log.values, ["completed", "source disposed"], "by closures: \(byClosures)")
            second.dispose()
        }
    }

    /// Closures right behind a `subscribe(on:)` on a dispatch queue share the operator's sink,
    /// and run as `subscribe(onNext:…)`'s do behind it: on a terminal event, the event's closure
    /// and then `onDisposed`, on the queue, nothing the source sends afterwards, and the source's
    /// subscription disposed there (here inside its `subscribe`, where it ends); on `dispose()`,
    /// `onDisposed` at once on the disposing thread, and the source's subscription on the queue
    /// afterwards (held here until `dispose()` returned).
    func testSubscribeOn_dispatchQueue_closuresRightBehind_runInSubscribesOrder_andTheSourceIsDisposedOnTheQueue() {
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "subscribe-on-closures")
        queue.setSpecific(key: key, value: 1)
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let place = { DispatchQueue.getSpecific(key: key) == 1 ? "on the queue" : "elsewhere" }
        for ending in ["completes", "fails", "is disposed"] {
            let log = Collector<String>()
            let source = Observable<Int>.create { observer in
                log.append("subscribed \(place())")
                observer.onNext(1)
                if ending == "completes" { observer.onCompleted() }
                if ending == "fails" { observer.onError(TestError.first) }
                observer.onNext(2)
                return Disposables.create { log.append("source disposed \(place())") }
            }
            let subscription = source.subscribe(on: scheduler).subscribe(onNext: { log.append("next \($0) \(place())") }, onError: { log.append("error \($0) \(place())") }, onCompleted: { log.append("completed \(place())") }, onDisposed: { log.append("disposed \(place())") })
            flush(queue)
            let release = DispatchSemaphore(value: 0)
            queue.async { release.wait() }
            subscription.dispose()
            let whenDisposeReturned = log.values
            release.signal()
            flush(queue)
            let subscribed = ["subscribed on the queue", "next 1 on the queue"]
            switch ending {
            case "completes":
                XCTAssertEqual(log.values, subscribed + ["completed on the queue", "disposed on the queue", "source disposed on the queue"])
                XCTAssertEqual(whenDisposeReturned, log.values)
            case "fails":
                XCTAssertEqual(log.values, subscribed + ["error first on the queue", "disposed on the queue", "source disposed on the queue"])
                XCTAssertEqual(whenDisposeReturned, log.values)
            default:
                XCTAssertEqual(whenDisposeReturned, subscribed + ["next 2 on the queue", "disposed elsewhere"])
                XCTAssertEqual(log.values, whenDisposeReturned + ["source disposed on the queue"])
            }
        }
    }

    /// On `dispose()`, closures right behind a `subscribe(on:)` on a dispatch queue have the
    /// disposal of the source's subscription dispatched before `onDisposed` runs, as RxSwift's
    /// subscription disposes the operator's part first: `onDisposed` can wait for it.
    func testSubscribeOn_dispatchQueue_closuresRightBehind_dispose_dispatchesTheSourcesDisposalBeforeOnDisposed() {
        let queue = DispatchQueue(label: "subscribe-on-dispose-order")
        let sourceDisposed = DispatchSemaphore(value: 0)
        let source = Observable<Int>.create { _ in Disposables.create { sourceDisposed.signal() } }
        let waited = Collector<DispatchTimeoutResult>()
        let subscription = source.subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe(onDisposed: {
            waited.append(sourceDisposed.wait(timeout: .now() + 10))
        })
        flush(queue)
        subscription.dispose()
        XCTAssertEqual(waited.values, [.success])
    }

    /// Closures right behind a `subscribe(on:)` on a queue that never runs work at once make one
    /// sink for the subscription and the operator: one resource with the node, where an
    /// observer's subscription has two sinks. Behind `MainScheduler`, which may subscribe at
    /// once inside the subscription's trampoline, they keep a sink of their own.
    func testSubscribeOn_dispatchQueue_closuresRightBehind_makeOneSinkForBoth() {
        #if DEBUG
        let queue = DispatchQueue(label: "subscribe-on-one-sink")
        let release = DispatchSemaphore(value: 0)
        queue.async { release.wait() }
        let source = Observable<Int>.never()
        let before = Resources.total
        let onQueue = source.subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue))
        XCTAssertEqual(Resources.total, before + 1)
        let byClosures = onQueue.subscribe(onNext: { _ in })
        XCTAssertEqual(Resources.total, before + 2, "the node and one sink")
        let byObserver = onQueue.subscribe(LoggingObserver(Collector()))
        XCTAssertEqual(Resources.total, before + 4, "and two sinks for an observer")
        let onMain = source.subscribe(on: MainScheduler.instance)
        let mainBefore = Resources.total
        let onMainByClosures = onMain.subscribe(onNext: { _ in })
        XCTAssertEqual(Resources.total, mainBefore + 2, "behind MainScheduler, the operator's sink and the subscriber's")
        for subscription in [byClosures, byObserver, onMainByClosures] { subscription.dispose() }
        release.signal()
        flush(queue)
        #endif
    }

    /// Disposed before the queue could run it, the subscription never subscribes the source,
    /// on the dispatch path (the queue held by a block that waits) as on the general one.
    func testSubscribeOn_disposedBeforeTheQueueRunsTheWork_neverSubscribes() {
        let queue = DispatchQueue(label: "subscribe-on-held")
        let operations = OperationQueue()
        operations.maxConcurrentOperationCount = 1
        let held: [(ImmediateSchedulerType, (@escaping @Sendable () -> Void) -> Void)] = [
            (SerialDispatchQueueScheduler(serialQueue: queue), { queue.async(execute: $0) }),
            (OperationQueueScheduler(operationQueue: operations), { operations.addOperation($0) }),
        ]
        for ((scheduler, enqueue), byClosures) in held.flatMap({ form in [(form, true), (form, false)] }) {
            let subscribed = Counter()
            let release = DispatchSemaphore(value: 0)
            enqueue { release.wait() }
            let source = Observable<Int>.create { _ in
                subscribed.increment()
                return Disposables.create()
            }.subscribe(on: scheduler)
            let subscription = byClosures ? source.subscribe() : source.subscribe(LoggingObserver(Collector()))
            subscription.dispose()
            release.signal()
            let drained = DispatchSemaphore(value: 0)
            enqueue { drained.signal() }
            XCTAssertEqual(drained.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(subscribed.value, 0, "\(type(of: scheduler)), by closures: \(byClosures)")
        }
    }

    /// RxSwift's rule for `MainScheduler`: on the main queue with nothing queued it runs at
    /// once, so the source is subscribed inside `subscribe`, and disposed inside `dispose()`.
    func testSubscribeOn_mainScheduler_onTheMainQueueWithNothingQueued_subscribesAndDisposesAtOnce() {
        XCTAssertTrue(Thread.isMainThread)
        drainMainQueue()
        var log: [String] = []
        let subscription = Observable<Int>.create { _ in
            log.append("subscribed")
            return Disposables.create { log.append("disposed") }
        }.subscribe(on: MainScheduler.instance).subscribe()
        XCTAssertEqual(log, ["subscribed"])
        subscription.dispose()
        XCTAssertEqual(log, ["subscribed", "disposed"])
    }

    /// Subscribing at once on the main queue, the subscription counts as queued main-scheduler
    /// work until it has run (RxSwift's `MainScheduler` counts an action as enqueued while it
    /// runs): work the source schedules on `MainScheduler` while it is being subscribed goes to
    /// the main queue and runs after `subscribe` has returned, not nested inside it.
    func testSubscribeOn_mainScheduler_mainSchedulerWorkTheSourceSchedulesWhileSubscribed_runsAfterSubscribeReturns() {
        XCTAssertTrue(Thread.isMainThread)
        drainMainQueue()
        var log: [String] = []
        let subscription = Observable<Int>.create { _ in
            log.append("source subscribed")
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("source's main-scheduler work")
                return Disposables.create()
            }
            log.append("source returns")
            return Disposables.create()
        }.subscribe(on: MainScheduler.instance).subscribe()
        log.append("subscribe returned")
        runMainLoop(until: { log.count == 4 }, timeout: 5)
        XCTAssertEqual(log, ["source subscribed", "source returns", "subscribe returned", "source's main-scheduler work"])
        subscription.dispose()
    }

    /// On the main queue with nothing queued, `MainScheduler` subscribes the source inside the
    /// subscription's current-thread trampoline, as RxSwift does: work the source schedules on
    /// `CurrentThreadScheduler` runs once `subscribe(on:)` has kept the source's subscription,
    /// so the completion it sends has that subscription disposed at once, inside `subscribe`
    /// (with no trampoline, the work would run inside the source's `subscribe`, before the
    /// subscription is kept, and its disposal would wait for the main queue's next turn). The
    /// source is not an `Observable` (which would install a trampoline of its own), so nothing
    /// but `subscribe(on:)` disposes its subscription.
    func testSubscribeOn_mainScheduler_sourceWorkOnTheCurrentThread_runsAfterTheSubscriptionIsKept() {
        XCTAssertTrue(Thread.isMainThread)
        drainMainQueue()
        let log = Collector<String>()
        let subscription = CompletingOnTheTrampoline(log: log).subscribe(on: MainScheduler.instance).subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log.values, ["subscribed", "subscribe returns", "scheduled work", "completed", "disposed"])
        subscription.dispose()
        XCTAssertEqual(log.values.count, 5)
    }

    /// The scheduled subscription runs on a concurrent queue while the subscriber disposes (from
    /// its thread, from another, or from both at once), before, during or after the work: every
    /// subscription the work makes is disposed exactly once, no event sent after `dispose()`
    /// returned reaches the observer (one the work had already begun sending may, as the
    /// README's dispose guarantee allows), and nothing is left alive. Sources that keep running
    /// and sources that complete inside `subscribe` (whose completion disposes the subscription
    /// before the work has handed its subscription over).
    ///
    /// On a concurrent dispatch queue (where the subscription dispatches itself), subscribed by
    /// an event closure (through the operator's sink) and by closures right behind the operator
    /// (one sink for both, whose `onDisposed` then runs once per subscription); and on an
    /// operation queue running four at once (the general path, through the scheduler's handles).
    func testSubscribeOn_disposeRacingTheScheduledWorkOnAConcurrentQueue_disposesEverySourceSubscriptionOnce() {
        // A concurrent queue of the test's own, not a global one, so that a barrier can wait for
        // every scheduled subscription to have run.
        let queue = DispatchQueue(label: "subscribe-on-race", qos: .userInitiated, attributes: .concurrent)
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let drainQueue = { queue.sync(flags: .barrier) {} }
        assertDisposeRacingTheScheduledWork_disposesEverySourceSubscriptionOnce(on: scheduler, drainingWith: drainQueue)
        assertDisposeRacingTheScheduledWork_disposesEverySourceSubscriptionOnce(on: scheduler, byClosures: true, drainingWith: drainQueue)
        let operations = OperationQueue()
        operations.maxConcurrentOperationCount = 4
        assertDisposeRacingTheScheduledWork_disposesEverySourceSubscriptionOnce(on: OperationQueueScheduler(operationQueue: operations), drainingWith: { operations.waitUntilAllOperationsAreFinished() })
        // The leak check (tearDown) then finds everything the scheduled disposals and the
        // cancelled work held released.
    }

    /// `drain` returns once every work item scheduled so far has run: the scheduled subscriptions
    /// are then all made, and the disposals they dispatched are all on their way.
    private func assertDisposeRacingTheScheduledWork_disposesEverySourceSubscriptionOnce(on scheduler: ImmediateSchedulerType, byClosures: Bool = false, drainingWith drain: () -> Void, file: StaticString = #filePath, line: UInt = #line) {
        let disposer = DispatchQueue(label: "disposer")
        let rounds = 1_500
        for completesAtOnce in [false, true] {
            let subscribed = Counter()
            let sourceDisposals = Counter()
            let disposedTwice = Counter()
            let lateEvents = Counter()
            let onDisposedCalls = Counter()
            // One per subscription: a delivery of an earlier round's may still be running on
            // another of the queue's threads (dispose does not wait for it).
            var checkers: [ContractChecker] = []
            for round in 0..<rounds {
                let disposeReturned = Flag()
                let checker = ContractChecker()
                checkers.append(checker)
                let source = Observable<Bool>.create { observer in
                    subscribed.increment()
                    let disposals = Counter()
                    observer.onNext(disposeReturned.isSet)
                    if completesAtOnce { observer.onCompleted() }
                    return Disposables.create {
                        if disposals.increment() > 1 { disposedTwice.increment() }
                        sourceDisposals.increment()
                    }
                }
                let subscription = byClosures
                    ? source.subscribe(on: scheduler).subscribe(onNext: { late in
                        checker.enter()
                        if late { lateEvents.increment() }
                        checker.leave()
                    }, onCompleted: {
                        checker.enter()
                        checker.leave()
                    }, onDisposed: { onDisposedCalls.increment() })
                    : source.subscribe(on: scheduler).subscribe { event in
                        checker.enter()
                        if case .next(true) = event { lateEvents.increment() }
                        checker.leave()
                    }
                // Vary the moment: at once, or after up to 60 µs (a dispatch queue's work is
                // usually running after a few, an operation queue's later); every third round
                // also from another thread at the same time.
                spinWait(nanoseconds: UInt64(round % 13) * 5_000)
                let both = round % 3 == 0
                let otherDone = DispatchSemaphore(value: 0)
                if both {
                    disposer.async {
                        subscription.dispose()
                        otherDone.signal()
                    }
                }
                subscription.dispose()
                if both { otherDone.wait() }
                disposeReturned.set()
            }
            // First every scheduled subscription: the two counts were once equal while a work
            // item was between its disposed check and the source's `subscribe` (one made, its
            // disposal not yet dispatched), and the wait below ended there.
            drain()
            waitUntil(timeout: 10) { sourceDisposals.value == subscribed.value }
            XCTAssertEqual(sourceDisposals.value, subscribed.value, "\(type(of: scheduler)), completes at once: \(completesAtOnce): every source subscription made is disposed", file: file, line: line)
            XCTAssertEqual(disposedTwice.value, 0, "\(type(of: scheduler)), completes at once: \(completesAtOnce)", file: file, line: line)
            XCTAssertEqual(lateEvents.value, 0, "\(type(of: scheduler)), completes at once: \(completesAtOnce): events sent after dispose returned arrived", file: file, line: line)
            XCTAssertEqual(checkers.filter { $0.overlaps > 0 }.count, 0, "\(type(of: scheduler)): subscriptions whose events overlapped", file: file, line: line)
            if byClosures { XCTAssertEqual(onDisposedCalls.value, rounds, "onDisposed once per subscription", file: file, line: line) }
            // Which rounds' work ran before their disposal depends on the machine; work
            // cancelled before it runs is checked deterministically on a held serial queue.
            XCTAssertGreaterThan(subscribed.value, 0, "\(type(of: scheduler)): some work ran before its disposal", file: file, line: line)
        }
    }

    func testDelaySubscription_workRunningBeforeItsHandleArrives_keepsTheSourceSubscription() {
        // The immediate scheduler runs the work inside `scheduleRelative`, before its handle
        // is returned: the handle must not replace the subscription the work made.
        assertSwitchAfterSynchronousEnd_keepsTheNextSubscription { $0.delaySubscription(.seconds(0), scheduler: ImmediateWorkScheduler()) }
    }

}

final class DebugTests: ReactiveTestCase {
    func testDebug_passesEventsThroughUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.debug("test") }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}

final class BlockingTests: ReactiveTestCase {
    func testBlocking_firstLastSingle() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().first(), 1)
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().last(), 3)
        XCTAssertEqual(try Observable.just(5).toBlocking().single(), 5)
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 }, 2)
        XCTAssertThrowsError(try Observable.of(1, 2).toBlocking().single()) { error in
            guard case RxError.moreThanOneElement = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try Observable<Int>.empty().toBlocking().single()) { error in
            guard case RxError.noElements = error else { return XCTFail("\(error)") }
        }
    }

    func testBlocking_timeout_throwsClearError() {
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).toArray()) { error in
            guard case RxError.timeout = error else { return XCTFail("\(error)") }
        }
    }

    func testBlocking_materialize_failedWithElements() {
        let result = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError.first)
            return Disposables.create()
        }.toBlocking().materialize()
        XCTAssertEqual(result.elements, [1])
        XCTAssertEqual(result.error as? TestError, .first)
    }

    func testBlocking_fromBackgroundThread() {
        let done = expectation(description: "done")
        DispatchQueue.global().async {
            let values = try? Observable<Int>.timer(.milliseconds(5), scheduler: ConcurrentDispatchQueueScheduler(qos: .default)).toBlocking(timeout: 5).toArray()
            XCTAssertEqual(values, [0])
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }
}

/// Swift 6: a `@MainActor` model subscribes while events arrive from a background scheduler.
/// `observe(on: MainScheduler.instance)` makes the closures run on the main thread, so touching
/// main-actor state there is sound; this compiles without warnings and runs without a trap.
@MainActor final class MainActorViewModel {
    private(set) var values: [Int] = []
    private(set) var allOnMainThread = true
    private(set) var completed = false
    let bag = DisposeBag()

    func bind(to source: Observable<Int>) {
        source
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] value in
                MainActor.assumeIsolated {
                    self?.allOnMainThread = self?.allOnMainThread == true && Thread.isMainThread
                    self?.values.append(value)
                }
            }, onCompleted: { [weak self] in
                MainActor.assumeIsolated { self?.completed = true }
            })
            .disposed(by: bag)
    }
}

final class MainActorTests: ReactiveTestCase {
    // XCTest on Linux cannot call `@MainActor` test methods; it runs tests on the main thread.
    func testMainActor_subscriptionWithEventsFromBackgroundScheduler() {
        MainActor.assumeIsolated { MainActorTests.runMainActorScenario() }
    }

    @MainActor private static func runMainActorScenario() {
        let model = MainActorViewModel()
        let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        model.bind(to: Observable.from(Array(1...50)).subscribe(on: background))
        // Until the completion too: each event is a main-queue block of its own, and one left
        // queued when the test ends would hold the subscription past the leak check.
        runMainLoop(until: { model.completed }, timeout: 5)
        XCTAssertTrue(model.completed)
        XCTAssertEqual(model.values, Array(1...50))
        XCTAssertTrue(model.allOnMainThread)
    }
}

/// An observer that logs what it gets as `subscribe(onNext:…)`'s closures do in these tests.
private struct LoggingObserver: ObserverType {
    let log: Collector<String>

    init(_ log: Collector<String>) { self.log = log }

    func on(_ event: Event<Int>) {
        switch event {
        case .next(let element): log.append("next \(element)")
        case .error(let error): log.append("error \(error)")
        case .completed: log.append("completed")
        }
    }
}

/// A source that is not an `Observable`: it logs its disposable's disposal, and either completes
/// inside `subscribe` and then queues work on `queue`, or completes on `complete()`.
private final class QueueingSource: ObservableType, @unchecked Sendable {
    typealias Element = Int
    let queue: DispatchQueue
    let log: Collector<String>
    let endsInside: Bool
    // Written inside `subscribe` on the queue, read by `complete()` after the queue was flushed.
    private var observer: AnyObserver<Int>?

    init(queue: DispatchQueue, log: Collector<String>, endsInside: Bool) {
        self.queue = queue
        self.log = log
        self.endsInside = endsInside
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        if endsInside {
            observer.onCompleted()
            queue.async { [log] in log.append("queued by the source") }
        } else {
            self.observer = observer.asObserver()
        }
        return Disposables.create { [log] in log.append("source disposed") }
    }

    /// Completes, and lets the observer go (it holds the subscription, which holds this source).
    func complete() {
        let observer = observer
        self.observer = nil
        observer?.onCompleted()
    }
}

/// A source that is not an `Observable`: it completes from work scheduled on
/// `CurrentThreadScheduler`, and logs its subscription's disposal (which only its subscriber
/// does, unlike `create`'s, which disposes itself on completion).
private struct CompletingOnTheTrampoline: ObservableType {
    typealias Element = Int
    let log: Collector<String>

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        log.append("subscribed")
        _ = CurrentThreadScheduler.instance.schedule(()) { [log] _ in
            log.append("scheduled work")
            observer.onCompleted()
            return Disposables.create()
        }
        log.append("subscribe returns")
        return Disposables.create { [log] in log.append("disposed") }
    }
}
