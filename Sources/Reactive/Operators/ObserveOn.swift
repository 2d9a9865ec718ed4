extension ObservableType {
    /// Delivers the source's events on `scheduler`, in order, never overlapping.
    ///
    /// `--1--2--|` (on any thread) → `observe(on: MainScheduler.instance)` → `--1--2--|` (on main)
    ///
    /// Each event is delivered by a scheduled step of its own, as RxSwift's: on a serial
    /// dispatch queue (`MainScheduler` included) each is scheduled as it arrives; on other
    /// schedulers they are queued and one step delivers one and schedules the next (in virtual
    /// time, queued events arrive one tick apart). Disposing drops what is queued and cancels
    /// the pending delivery. Use it before
    /// `subscribe` to run the closures on the main thread (`MainScheduler.instance`) or on a
    /// serial queue.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObserveOnObservable(source: asObservable(), scheduler: scheduler)
    }

    /// The deprecated name of `observe(on:)`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

final class ObserveOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let scheduler: ImmediateSchedulerType

    #if DEBUG
    /// Counted in `Resources.numberOfSerialDispatchQueueObservables` (the observables, as RxSwift
    /// counts them, not their subscriptions).
    private let countsAsSerialQueue: Bool
    #endif

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        #if DEBUG
        countsAsSerialQueue = scheduler is SerialDispatchQueueScheduler
        if countsAsSerialQueue { Resources.serialQueueObservables.wrappingAdd(1, ordering: .relaxed) }
        #endif
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: ObserveOnObservable<Element>.self)
            let sink = ObserveOnSink(downstream: consume downstream, scheduler: node.scheduler)
            sink.setUpstream(node.source.subscribeInsideRun(Downstream(sink) { unsafeDowncast($0, to: ObserveOnSink<Element>.self).on(&$1) }))
            return .object(sink)
        })
    }

    #if DEBUG
    deinit {
        if countsAsSerialQueue { Resources.serialQueueObservables.wrappingSubtract(1, ordering: .relaxed) }
    }
    #endif
}

final class ObserveOnSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    private let scheduler: ImmediateSchedulerType
    private let lock = Lock()
    private var queue = EventQueue<Element>()
    private var draining = false
    private let pending = SerialDisposable()

    /// The scheduler is a serial dispatch queue (`MainScheduler` included).
    private let deliversEachOnItsOwn: Bool

    init(downstream: Downstream<Element>, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        deliversEachOnItsOwn = scheduler is SerialDispatchQueueScheduler
        super.init(downstream: downstream)
    }

    func on(_ event: inout Event<Element>) {
        if deliversEachOnItsOwn {
            // A serial queue keeps the events in order and apart: each is scheduled as it
            // arrives (RxSwift's serial-queue form), so it runs before work queued after it.
            _ = scheduler.schedule((self, event)) { sink, event in
                if !sink.isDisposed { sink.forward(event) }
                return Disposables.create()
            }
            return
        }
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
    private func deliverOne() -> Bool {
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

    override func dispose() {
        guard disposeOnce() else { return }
        pending.dispose()
        let dropped = lock.withLock { queue.takeAll() }
        _ = dropped  // released outside the lock
    }
}
