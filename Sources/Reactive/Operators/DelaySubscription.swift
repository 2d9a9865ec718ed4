extension ObservableType {
    /// Subscribes to the source `dueTime` after the subscription, on `scheduler`.
    ///
    /// `--1--|` → `delaySubscription(3 ticks)` → `-----1--|`
    ///
    /// Disposing before then cancels the pending subscription.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<DelaySubscriptionSink<Element>>(asObservable(), (dueTime, scheduler))
    }
}

final class DelaySubscriptionSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(downstream: Downstream<Element>, parameters: (RxTimeInterval, SchedulerType)) {
        (dueTime, scheduler) = parameters
        super.init(downstream: downstream)
    }

    func run(_ source: Observable<Element>, _ sourceObserver: Downstream<Element>) {
        let subscription = SerialDisposable()
        setUpstream(.object(subscription))
        // The scheduled work's handle goes in first: the work may run on another thread before
        // `scheduleRelative` returns, and the source's subscription it puts in must not be
        // replaced (so disposed) by the handle arriving after it.
        let scheduled = SingleAssignmentDisposable()
        subscription.disposable = scheduled
        scheduled.setDisposable(scheduler.scheduleRelative((source, sourceObserver, subscription), dueTime: dueTime) { source, sourceObserver, subscription in
            subscription.disposable = source.subscribe(sourceObserver)
            return Disposables.create()
        })
    }

    func on(_ event: inout Event<Element>) {
        forward(event)
    }
}
