extension ObservableType {
    /// Drops the source's elements for `duration` after subscription, then sends them.
    ///
    /// `--1--2--3--4--|` → `skip(for: .seconds(7), scheduler: scheduler)` → `--------3--4--|`
    ///
    /// The source's terminal event is always forwarded.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<SkipForTimeSink<Element>>(asObservable(), (duration, scheduler))
    }

    /// The deprecated name of `skip(for:scheduler:)`.
    @available(*, deprecated, renamed: "skip(for:scheduler:)")
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }
}

final class SkipForTimeSink<Element>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType
    private let timer = SingleAssignmentDisposable()
    private var open = false  // guarded by lock

    init(downstream: Downstream<Element>, parameters: (RxTimeInterval, SchedulerType)) {
        (duration, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        timer.setDisposable(scheduler.scheduleRelative(self, dueTime: duration) { sink in
            sink.lock.withLock { sink.open = true }
            return Disposables.create()
        })
        setUpstream(source.subscribe(sourceObserver))
    }

    func on(_ event: inout Event<Element>) {
        lock.lock()
        let emitter = (open || event.isStopEvent) && acceptLocked(event)
        lock.unlock()
        if emitter { emit(event) }
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
