extension ObservableType {
    /// Subscribes to the source, and disposes that subscription, on `scheduler`.
    ///
    /// Events keep the thread the source sends them on; use `observe(on:)` to change that.
    /// Disposing before the scheduled subscription ran cancels it.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOnObservable(source: asObservable(), scheduler: scheduler)
    }

    /// The deprecated name of `subscribe(on:)`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

final class SubscribeOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: SubscribeOnObservable<Element>.self)
            let sink = ForwardingSink(downstream: downstream)
            let subscription = SerialDisposable()
            sink.setUpstream(subscription)
            subscription.disposable = node.scheduler.schedule(()) { _ in
                let inner = node.source.subscribe(Downstream(sink) { unsafeDowncast($0, to: ForwardingSink<Element>.self).forward($1) })
                subscription.disposable = ScheduledDisposable(scheduler: node.scheduler, disposable: inner)
                return Disposables.create()
            }
            return sink
        })
    }
}
