extension ObservableType {
    /// Delivers the source's events on `scheduler`, in order, never overlapping.
    ///
    /// `--1--2--|` (on any thread) → `observe(on: MainScheduler.instance)` → `--1--2--|` (on main)
    ///
    /// Events are queued while a delivery is pending; disposing drops what is queued and cancels
    /// the pending delivery. Use it before `subscribe` to run the closures on the main thread
    /// (`MainScheduler.instance`) or on a serial queue.
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

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: ObserveOnObservable<Element>.self)
            let sink = ObserveOnSink(downstream: downstream, scheduler: node.scheduler)
            sink.setUpstream(node.source.subscribe(Downstream(sink) { unsafeDowncast($0, to: ObserveOnSink<Element>.self).on(&$1) }))
            return sink
        })
    }
}

final class ObserveOnSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    private let scheduler: ImmediateSchedulerType
    private let lock = Lock()
    private var queue: [Event<Element>] = []
    private var draining = false
    private let pending = SerialDisposable()

    #if DEBUG
    private let countsAsSerialQueue: Bool
    #endif

    init(downstream: Downstream<Element>, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        #if DEBUG
        countsAsSerialQueue = scheduler is SerialDispatchQueueScheduler
        if countsAsSerialQueue { Resources.serialQueueObservables.wrappingAdd(1, ordering: .relaxed) }
        #endif
        super.init(downstream: downstream)
    }

    #if DEBUG
    deinit {
        if countsAsSerialQueue { Resources.serialQueueObservables.wrappingSubtract(1, ordering: .relaxed) }
    }
    #endif

    func on(_ event: inout Event<Element>) {
        let startDrain: Bool = lock.withLock {
            queue.append(event)
            defer { draining = true }
            return !draining
        }
        if startDrain {
            pending.disposable = scheduler.schedule(self) { sink in
                sink.drain()
                return Disposables.create()
            }
        }
    }

    private func drain() {
        while !isDisposed {
            let batch: [Event<Element>] = lock.withLock {
                if queue.isEmpty { draining = false }
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }
            if batch.isEmpty { return }
            for event in batch {
                if isDisposed { return }
                forward(event)
            }
        }
    }

    override func dispose() {
        guard disposeOnce() else { return }
        pending.dispose()
        let dropped: [Event<Element>] = lock.withLock {
            defer { queue = [] }
            return queue
        }
        _ = dropped
    }
}
