extension ObservableType {
    /// Subscribes to the source, and disposes that subscription, on `scheduler`.
    ///
    /// Events keep the thread the source sends them on; use `observe(on:)` to change that.
    /// Disposing before the scheduled subscription ran cancels it; work the scheduler had
    /// already started (on another thread) may still subscribe after `dispose()` returned, and
    /// that subscription is disposed through the scheduler at once. The source's subscription is
    /// disposed through `scheduler`, also after its own terminal event (one tick later in
    /// virtual time), with one exception: on a dispatch queue, an `Observable` of this library
    /// released what its subscription held as it sent its terminal event, so that subscription
    /// is disposed in place, where the event arrived, not by a block dispatched for nothing.
    /// A source that is not an `Observable` is subscribed as it is, as in RxSwift, not through
    /// `asObservable()` (whose wrapper would dispose it in place on its terminal event).
    @inlinable public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // Inlinable, so that its producer and sink are specialised in the caller's module:
        // generic at run time, each subscription looked up the metadata of four generic types
        // (about 1,900 instructions).
        if let observable = self as? Observable<Element> {
            return SubscribeOnObservable(scheduler: scheduler, sourceEndsItself: true) { observable.subscribe($0) }
        }
        return SubscribeOnObservable(scheduler: scheduler, sourceEndsItself: false) { downstream in
            Upstream(self.subscribe(AnyObserver(eventHandler: { downstream.on($0) })))
        }
    }

    /// The deprecated name of `subscribe(on:)`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

@usableFromInline final class SubscribeOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    /// Subscribes the source; an `Upstream`, not a `Disposable` existential, so that the
    /// subscription is kept and disposed as the sinks keep theirs (no value witness calls). The
    /// downstream is consumed: it moves into the source's sink without a copy.
    @usableFromInline let subscribeSource: (consuming Downstream<Element>) -> Upstream
    @usableFromInline let scheduler: SubscribeOnScheduler
    /// Whether the source is one of this library's observables, whose subscription releases
    /// everything it holds on its terminal event (the Rx contract, which every sink keeps), so
    /// that disposing it afterwards does nothing: the dispatch-queue sinks then dispose it in
    /// place, not through the queue. False for an `ObservableType` of the user's, whose
    /// disposable may do anything, on any terminal event, and is disposed on the queue.
    @usableFromInline let sourceEndsItself: Bool

    @inlinable init(scheduler: ImmediateSchedulerType, sourceEndsItself: Bool, subscribeSource: @escaping (consuming Downstream<Element>) -> Upstream) {
        self.subscribeSource = subscribeSource
        self.sourceEndsItself = sourceEndsItself
        let queue = dispatchBatching(scheduler)
        self.scheduler = if let queue { .queue(queue) } else { .other(scheduler) }
        // A subscription that only dispatches runs nothing on this thread: it needs no
        // current-thread trampoline (each of the source's subscriptions, on the queue, installs
        // its own), and `subscribe(onNext:…)` may make its sink this one's too. `MainScheduler`
        // may subscribe the source at once, which then happens inside this subscription's
        // trampoline, as in RxSwift.
        let onlyDispatches = if let queue { !queue.mayRunAtOnce } else { false }
        super.init(run: { node, downstream in
            let node = unsafeDowncast(node, to: SubscribeOnObservable<Element>.self)
            switch node.scheduler {
            case .queue(let queue):
                let sink = DispatchSubscribeOnSink(downstream: consume downstream, subscribeSource: node.subscribeSource, queue: queue, sourceEndsItself: node.sourceEndsItself)
                sink.start()
                return .object(sink)
            case .other(let scheduler):
                let sink = ForwardingSink(downstream: consume downstream)
                let subscription = SubscribeOnDisposable(scheduler: scheduler)
                sink.setUpstream(.object(subscription))
                subscription.setScheduledWork(scheduler.schedule(()) { _ in
                    subscription.setSourceSubscription(node.subscribeSource(Downstream(sink) { unsafeDowncast($0, to: ForwardingSink<Element>.self).forward(&$1) }))
                    return Disposables.create()
                })
                return .object(sink)
            }
        }, trampolined: !onlyDispatches, kind: onlyDispatches ? .subscribeOnDispatchQueue : .other)
    }
}

/// The scheduler of a `subscribe(on:)`, kept as the one of two kinds it is (found once, when
/// the node is made).
@usableFromInline enum SubscribeOnScheduler {
    /// A dispatch queue (serial, concurrent, main): its subscriptions dispatch themselves
    /// (`DispatchSubscribeOnSink`, `DispatchSubscribeOnSubscriber`). Only the queue is kept: the
    /// scheduler existential beside it was copied into each node through its value witnesses,
    /// and destroyed with it, for nothing (about 90 instructions a node).
    case queue(DispatchBatching)
    /// Any other scheduler, through its `schedule` and the handles it returns.
    case other(ImmediateSchedulerType)
}

/// The subscription of `subscribe(on:)`: the scheduled work's handle until the work ran, then
/// the source's subscription, disposed through the scheduler (RxSwift's `SerialDisposable`
/// holding a `SingleAssignmentDisposable`, then a `ScheduledDisposable`, in one object).
///
/// Disposed before the work ran, it cancels the work; if the work runs anyway, the source's
/// subscription it makes is disposed through the scheduler at once. A scheduler that runs the
/// work inside `schedule` hands over the work's handle after the source's subscription: the
/// handle is then disposed, and never displaces the subscription. Unchecked Sendable: its state
/// is guarded by `lock`.
@usableFromInline final class SubscribeOnDisposable: Cancelable, @unchecked Sendable {
    private let scheduler: ImmediateSchedulerType
    private let lock = Lock()
    // Guarded by `lock`. Unchecked exclusivity: the lock orders every access, and a dynamic check
    // (a thread-local lookup on each access) cost about 60 instructions each.
    @exclusivity(unchecked) private var scheduledWork: Disposable?
    @exclusivity(unchecked) private var sourceSubscription: Disposable?
    @exclusivity(unchecked) private var workRan = false
    @exclusivity(unchecked) private var disposed = false
    private let resource = ResourceToken()

    @usableFromInline init(scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
    }

    @usableFromInline var isDisposed: Bool { lock.withLock { disposed } }

    /// The handle `schedule` returned: kept to cancel the work, unless the work ran already or
    /// this was disposed (then it is disposed at once).
    @usableFromInline func setScheduledWork(_ handle: Disposable) {
        lock.lock()
        if workRan || disposed {
            lock.unlock()
            handle.dispose()
            return
        }
        scheduledWork = handle
        lock.unlock()
    }

    /// The source's subscription, made by the scheduled work: the work's handle is disposed (as
    /// RxSwift's serial disposable disposes it on replacing it); if this was disposed meanwhile,
    /// the subscription is disposed through the scheduler at once.
    @usableFromInline func setSourceSubscription(_ subscription: Disposable) {
        lock.lock()
        workRan = true
        let handle = scheduledWork
        scheduledWork = nil
        sourceSubscription = subscription
        let disposeNow = disposed
        lock.unlock()
        handle?.dispose()
        if disposeNow { scheduleDisposal() }
    }

    /// Cancels the work if it has not run; disposes the source's subscription, if any, through
    /// the scheduler. Only the first call does anything.
    @usableFromInline func dispose() {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        disposed = true
        let handle = scheduledWork
        scheduledWork = nil
        let subscribed = sourceSubscription != nil
        lock.unlock()
        handle?.dispose()
        if subscribed { scheduleDisposal() }
    }

    /// Disposes the source's subscription on the scheduler (as `ScheduledDisposable` does).
    private func scheduleDisposal() {
        _ = scheduler.schedule(self) { this in
            this.lock.take(&this.sourceSubscription)?.dispose()
            return Disposables.create()
        }
    }
}
