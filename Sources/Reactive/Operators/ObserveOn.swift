extension ObservableType {
    /// Delivers the source's events on `scheduler`, in order, never overlapping.
    ///
    /// `--1--2--|` → `observe(on: scheduler)` → `--1--2--|` (sent on `scheduler`, whatever thread the source sends on)
    ///
    /// On a dispatch queue (`SerialDispatchQueueScheduler`, `MainScheduler`,
    /// `ConcurrentDispatchQueueScheduler`) the events that arrive while a delivery is pending go
    /// in one batch: one dispatch, then the batch is delivered in order by one block, which
    /// delivers any that arrive meanwhile too. Events never overlap, even on a concurrent queue.
    /// `MainScheduler.instance` delivers at once an event that arrives on the main queue when
    /// nothing is queued on it (RxSwift's rule). On other schedulers one scheduled step delivers
    /// one event and schedules the next, as RxSwift's does (in virtual time, queued events
    /// arrive one tick apart). Disposing drops what is queued; nothing is delivered after
    /// `dispose()` returns on the scheduler's queue. Use it before `subscribe` to run the
    /// closures on the main thread (`MainScheduler.instance`) or on a serial queue.
    ///
    /// Unlike RxSwift's, which dispatches each event on its own, an event that arrives while a
    /// batch is pending runs in that batch: before work someone else put on the same queue
    /// after the batch's first event (see the migration article's deliberate differences).
    @inlinable public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObserveOnObservable(source: asObservable(), scheduler: scheduler)
    }

    /// The deprecated name of `observe(on:)`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

// Inlinable, so that the events' queue and the drain are specialised for the element type in
// the caller's module: unspecialised, every append and every delivery looked up generic
// metadata at run time (two thousand instructions an event). Sendable: its properties are constants.
@usableFromInline final class ObserveOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    override var chainSources: [AnyObject] { [source] }
    @usableFromInline let scheduler: ImmediateSchedulerType

    @inlinable init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: ObserveOnObservable<Element>.self)
            let sink = ObserveOnSink(downstream: consume downstream, scheduler: node.scheduler)
            sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: ObserveOnSink<Element>.self).on(&$1) }))
            return .object(sink)
        })
        countSerialQueueObservable(+1)
    }

    /// Counted in `Resources.numberOfSerialDispatchQueueObservables` (the observables, as RxSwift
    /// counts them, not their subscriptions), in debug builds of the library.
    @usableFromInline func countSerialQueueObservable(_ change: Int32) {
        #if DEBUG
        if scheduler is SerialDispatchQueueScheduler { Resources.serialQueueObservables.wrappingAdd(change, ordering: .relaxed) }
        #endif
    }

    deinit {
        countSerialQueueObservable(-1)
    }
}

// Sendable by `lock` (the queue, `draining`) and the drain's hand-over (`batch` belongs to the
// one drain running, passed on under the lock); ObserveOnBatchingTests' stress runs under TSan.
@usableFromInline final class ObserveOnSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    @usableFromInline let scheduler: ImmediateSchedulerType
    /// The scheduler, when it takes events in batches.
    @usableFromInline let batching: DispatchBatching?
    /// `batching != nil`, read without loading the reference.
    @usableFromInline let batches: Bool
    @usableFromInline let lock = Lock()
    // Guarded by lock. Exclusivity unchecked: the lock guards them, and a dynamic check would
    // add a thread-local lookup to every event.
    @exclusivity(unchecked) @usableFromInline var queue = EventQueue<Element>()
    /// A drain is dispatched or running, or an event is being delivered at once: arrivals wait
    /// in `queue` for it.
    @exclusivity(unchecked) @usableFromInline var draining = false
    /// The batch being delivered: touched only by the one drain that runs at a time (handed
    /// from one to the next under `lock`), its storage reused from batch to batch.
    @exclusivity(unchecked) @usableFromInline var batch: [Event<Element>] = []
    /// The step in progress, on a scheduler that does not batch.
    @usableFromInline let pending = SerialDisposable()

    @inlinable init(downstream: Downstream<Element>, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        batching = dispatchBatching(scheduler)
        batches = batching != nil
        super.init(downstream: downstream)
    }

    @inlinable func on(_ event: inout Event<Element>) {
        guard batches else {
            enqueueForSteps(event)
            return
        }
        lock.lock()
        if draining {
            // The common case while a batch is pending: no reference to the scheduler is
            // loaded (and retained) for it.
            queue.append(event)
            lock.unlock()
            return
        }
        draining = true
        // Set whenever `batches` is (both in `init`), so never nil here.
        let batching = batching.unsafelyUnwrapped
        if batching.beginImmediate() {
            lock.unlock()
            deliverAtOnce(&event, batching)
            return
        }
        queue.append(event)
        lock.unlock()
        batching.dispatchDrain { [self] in drain() }
    }

    /// `MainScheduler` on the main queue with nothing queued: delivered here, as RxSwift's;
    /// what arrived meanwhile (sent from inside the delivery, or from another thread) goes in a
    /// drain dispatched after it.
    @inlinable func deliverAtOnce(_ event: inout Event<Element>, _ batching: DispatchBatching) {
        forward(&event)
        lock.lock()
        let more = !queue.isEmpty && !isDisposed
        if !more { draining = false }
        lock.unlock()
        if more { batching.dispatchDrain { [self] in drain() } }
        batching.endImmediate()
    }

    /// Delivers batches until none is waiting (on the scheduler's queue).
    @inlinable func drain() {
        while true {
            lock.lock()
            if queue.isEmpty || isDisposed {
                // `batch` is empty here, and must not be touched after unlocking: the next
                // drain may already be running (on a concurrent queue) and own it.
                draining = false
                lock.unlock()
                return
            }
            queue.moveAll(into: &batch)
            lock.unlock()
            for index in batch.indices {
                if isDisposed { break }
                forward(&batch[index])
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// A scheduler that does not batch: queued, and delivered one a step.
    @usableFromInline func enqueueForSteps(_ event: Event<Element>) {
        let startDrain: Bool = lock.withLock {
            queue.append(event)
            defer { draining = true }
            return !draining
        }
        if startDrain {
            // One recursive schedule per drain, as RxSwift's: it keeps the handles of its
            // steps itself. Each step storing its successor's handle here instead raced on a
            // scheduler that runs work concurrently: a successor could run, schedule the next
            // step and store it before the older store landed, which then disposed that step,
            // and the drain, still marked as running, stopped for good.
            pending.disposable = scheduler.scheduleRecursive(self) { sink, recurse in
                if sink.deliverOne() { recurse(sink) }
            }
        }
    }

    /// Delivers one queued event; true if more are queued and the drain goes on (one event per
    /// scheduled step, as RxSwift's `observe(on:)`: in virtual time, one tick apart).
    @usableFromInline func deliverOne() -> Bool {
        if isDisposed { return false }
        let event: Event<Element>? = lock.withLock {
            if let event = queue.popFirst() { return event }
            draining = false
            return nil
        }
        guard let event else { return false }
        forward(event)
        let more: Bool = lock.withLock {
            if queue.isEmpty {
                draining = false
                return false
            }
            return true
        }
        return more && !isDisposed
    }

    @usableFromInline override func dispose() {
        guard disposeOnce() else { return }
        pending.dispose()
        let dropped = lock.withLock { queue.takeAll() }
        _ = dropped  // released outside the lock
    }
}
