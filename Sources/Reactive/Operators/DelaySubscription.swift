extension ObservableType {
    /// Subscribes to the source `dueTime` after the subscription, on `scheduler`.
    ///
    /// `--1--|` → `delaySubscription(.seconds(3), scheduler: scheduler)` → `-----1--|`
    ///
    /// Disposing before then cancels the pending subscription.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryObservable<DelaySubscriptionSink<Element>>(asObservable(), (dueTime, scheduler))
    }
}

final class DelaySubscriptionSink<Element>: ForwardingSink<Element>, UnaryOperatorSink, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let gate = SubscriptionGate()

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
        scheduled.setDisposable(scheduler.scheduleRelative((self, source, sourceObserver, subscription), dueTime: dueTime) { sink, source, sourceObserver, subscription in
            // Checked and subscribed as one step for a disposal on another thread (see
            // `SubscriptionGate`): once `dispose()` returns, the source does not start.
            _ = sink.gate.subscribeIfOpen {
                subscription.disposable = source.subscribe(sourceObserver)
            }
            return Disposables.create()
        })
    }

    func on(_ event: inout Event<Element>) {
        gate.sourceStarted()
        forward(&event)
    }

    override func dispose() {
        gate.close()
        super.dispose()
    }
}
