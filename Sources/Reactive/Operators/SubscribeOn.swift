extension ObservableType {
    /// Subscribes to the source, and disposes that subscription, on `scheduler`.
    ///
    /// Events keep the thread the source sends them on; use `observe(on:)` to change that.
    /// Disposing before the scheduled subscription ran cancels it. The source's subscription is
    /// always disposed through `scheduler`, also after its own terminal event (one tick later
    /// in virtual time). A source that is not an `Observable` is subscribed as it is, as in
    /// RxSwift, not through `asObservable()` (whose wrapper would dispose it in place on its
    /// terminal event).
    @inlinable public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // Inlinable, so that its producer and sink are specialised in the caller's module:
        // generic at run time, each subscription looked up the metadata of four generic types
        // (about 1,900 instructions).
        if let observable = self as? Observable<Element> {
            return SubscribeOnObservable(scheduler: scheduler) { observable.subscribe($0) }
        }
        return SubscribeOnObservable(scheduler: scheduler) { downstream in
            self.subscribe(AnyObserver(eventHandler: { downstream.on($0) }))
        }
    }

    /// The deprecated name of `subscribe(on:)`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

@usableFromInline final class SubscribeOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline let subscribeSource: (Downstream<Element>) -> Disposable
    @usableFromInline let scheduler: ImmediateSchedulerType

    @inlinable init(scheduler: ImmediateSchedulerType, subscribeSource: @escaping (Downstream<Element>) -> Disposable) {
        self.subscribeSource = subscribeSource
        self.scheduler = scheduler
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: SubscribeOnObservable<Element>.self)
            let sink = ForwardingSink(downstream: consume downstream)
            // The scheduled work replaces `pending` with the source's subscription; a scheduler
            // that runs the work inside `schedule` has done so before `schedule` returns, so its
            // handle goes to `pending` alone and can no longer displace that subscription.
            let subscription = SerialDisposable()
            let pending = SingleAssignmentDisposable()
            subscription.disposable = pending
            sink.setUpstream(.object(subscription))
            pending.setDisposable(node.scheduler.schedule(()) { _ in
                let inner = node.subscribeSource(Downstream(sink) { unsafeDowncast($0, to: ForwardingSink<Element>.self).forward(&$1) })
                subscription.disposable = ScheduledDisposable(scheduler: node.scheduler, disposable: inner)
                return Disposables.create()
            })
            return .object(sink)
        })
    }
}
