extension ObservableType {
    /// Fails with `RxError.timeout` if `dueTime` passes without an event, from subscription or
    /// from the last element.
    ///
    /// `--1-------2--|` → `timeout(.seconds(4), scheduler: scheduler)` → `--1---#` where `# = RxError.timeout`
    ///
    /// An event exactly at the deadline that runs before the timer on `scheduler` wins.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<TimeoutSink<Element>>(asObservable(), (dueTime, nil, scheduler))
    }

    /// Switches to `other` if `dueTime` passes without an event, from subscription or from the
    /// last element.
    ///
    /// `--1-------2--|` with other `--8|` → `timeout(.seconds(4), other: other, scheduler: scheduler)` → `--1-----8|`
    ///
    /// The source's subscription is disposed before `other` is subscribed.
    public func timeout<Other: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Other, scheduler: SchedulerType) -> Observable<Element> where Other.Element == Element {
        UnaryObservable<TimeoutSink<Element>>(asObservable(), (dueTime, other.asObservable(), scheduler))
    }
}

final class TimeoutSink<Element>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let other: Observable<Element>?
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    private let subscription = SerialDisposable()
    // Guarded by lock.
    private var id = 0
    private var switched = false

    init(downstream: Downstream<Element>, parameters: (RxTimeInterval, Observable<Element>?, SchedulerType)) {
        (dueTime, other, scheduler) = parameters
        // RxSwift's `timeout` sends while another thread delivers (an observer waiting for that
        // thread must not deadlock): senders queue rather than wait.
        super.init(downstream: downstream, sendersWait: false)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        setUpstream(.object(subscription))
        // The source's subscription is held in the serial slot before the timer starts: the
        // timer may fire on another thread while the source is being subscribed and put
        // `other`'s subscription there, which replaces (and so disposes) it, never the reverse.
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        startTimer(0)
        // Its own handler rather than `sourceObserver`: made here, it calls `on(_:)` directly
        // and inlines it (one stack frame less per link of a chain, unspecialised).
        original.setDisposable(source.subscribe(Downstream(self) { unsafeDowncast($0, to: TimeoutSink<Element>.self).on(&$1) }))
    }

    @inline(__always) func on(_ event: inout Event<Element>) {
        lock.lock()
        if switched {
            lock.unlock()
            return
        }
        id &+= 1
        let current = id
        let emitter = acceptLocked(event)
        lock.unlock()
        let isNext = if case .next = event { true } else { false }
        if emitter { emitInPlace(&event) }
        if isNext { startTimer(current) }
    }

    private func startTimer(_ id: Int) {
        timer.disposable = scheduler.scheduleRelative((self, id), dueTime: dueTime) { sink, id in
            sink.fire(id)
            return Disposables.create()
        }
    }

    private func fire(_ id: Int) {
        lock.lock()
        guard id == self.id, !switched, !done else {
            lock.unlock()
            return
        }
        switched = true
        lock.unlock()
        guard let other else {
            send(.error(RxError.timeout))
            return
        }
        subscription.disposable = other.subscribe(Downstream(self) { unsafeDowncast($0, to: TimeoutSink<Element>.self).send($1) })
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
