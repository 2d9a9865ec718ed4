extension ObservableType {
    /// Sends the source's events for `duration` after subscription, then completes.
    ///
    /// `--1--2--3--4--|` → `take(for: .seconds(7), scheduler: scheduler)` → `--1--2-|`
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<TakeForTimeSink<Element>>(asObservable(), (duration, scheduler))
    }

    /// The deprecated name of `take(for:scheduler:)`.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

final class TakeForTimeSink<Element>: SerializingForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType
    private let timer = SingleAssignmentDisposable()

    init(downstream: Downstream<Element>, parameters: (RxTimeInterval, SchedulerType)) {
        (duration, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        timer.setDisposable(scheduler.scheduleRelative(self, dueTime: duration) { sink in
            sink.send(.completed)
            return Disposables.create()
        })
        // Subscribed also when the timer fired meanwhile (a scheduler running work at once; the
        // subscription is then disposed at once), as RxSwift subscribes whatever happened.
        setUpstream(source.subscribe(sourceObserver))
    }

    func on(_ event: inout Event<Element>) {
        send(event)
    }

    override func dispose() {
        if disposeOnce() { timer.dispose() }
    }
}
