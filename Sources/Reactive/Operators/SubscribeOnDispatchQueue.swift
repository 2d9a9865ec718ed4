import Synchronization

/// Who dispatches the disposal of the source's subscription, for a `subscribe(on:)`
/// subscription on a dispatch queue (serial, concurrent, main), which dispatches itself: one
/// object where the general path makes a sink, a subscription object and, for each of its two
/// steps, a handle and the work's closures. The steps are the general path's: the source is
/// subscribed on the queue unless disposed before the block runs (a block cannot be taken
/// back), and its subscription is disposed on the queue, also when the work that made it ran
/// after the disposal. `MainScheduler` runs a step at once when already on the main queue with
/// nothing queued, as its `schedule` does.
///
/// Two bits: one set once the first step stored the source's subscription (which may be
/// `.none`: a source that ended inside `subscribe`), one once the sink was disposed. Whichever
/// of the two sets the second bit ends the source's subscription, so it is ended exactly once,
/// after it was stored (one atomic read-modify-write each, where a lock cost a lock and an
/// unlock, three times a subscription). So the sink's `sourceSubscription` is written by the
/// first step before it sets its bit, and read only by the one that ends it, once both are
/// set: the sinks' unchecked Sendable and unchecked exclusivity rest on that.
///
/// Ended means disposed through the queue (the second step), except after the terminal event
/// of a source of this library (`SubscribeOnObservable.sourceEndsItself`): that source's
/// subscription released what it held as it sent the event, and disposing it does nothing, so
/// it is disposed in place and no block is dispatched for it (about 1,000 instructions, a
/// third of a subscription that completes). `sourceEnded` says which: written by the sink's
/// disposer before it sets the second bit, read after that bit was seen.
///
/// The sinks' methods that use it are written out in each (`DispatchSubscribeOnSink`,
/// `DispatchSubscribeOnSubscriber`), not shared through a protocol: their disposal runs
/// through a class method, in code not specialised for the element, where a protocol's
/// generic code looked its witness table up at each call (about 100 instructions).
@usableFromInline struct DispatchSubscribeOnSteps: ~Copyable {
    @usableFromInline let word = Atomic<UInt8>(0)

    @inlinable init() {}

    /// The first step stored the source's subscription: true if the sink was disposed already,
    /// so the caller dispatches the subscription's disposal.
    @inlinable func subscribed() -> Bool {
        word.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue & 2 != 0
    }

    /// The sink's first disposer: true if the first step stored the source's subscription, so
    /// the caller dispatches its disposal (otherwise that step does, or it never runs).
    @inlinable func disposed() -> Bool {
        word.bitwiseOr(2, ordering: .acquiringAndReleasing).oldValue & 1 != 0
    }
}

/// `subscribe(on:)`'s sink on a dispatch queue: its own subscription, which dispatches itself
/// (see `DispatchSubscribeOnSteps`), in front of whatever observes the operator.
/// Unchecked Sendable: its other fields are constants; `sourceSubscription` is ordered by `steps`.
@usableFromInline final class DispatchSubscribeOnSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    /// The node's, not the node: so a node dropped once subscribed (`source.subscribe(on: q)
    /// .map(…).subscribe(…)`) is freed on the thread that made it, not on the queue (memory
    /// allocated on one thread and freed on another takes `malloc`'s slow path on both).
    @usableFromInline let subscribeToSource: (consuming Downstream<Element>) -> Upstream
    @usableFromInline let queue: DispatchBatching
    @usableFromInline let steps = DispatchSubscribeOnSteps()
    @usableFromInline let sourceEndsItself: Bool
    // Unchecked exclusivity: see `DispatchSubscribeOnSteps`.
    @exclusivity(unchecked) @usableFromInline var sourceSubscription = Upstream.none
    @exclusivity(unchecked) @usableFromInline var sourceEnded = false

    @inlinable init(downstream: Downstream<Element>, subscribeSource: @escaping (consuming Downstream<Element>) -> Upstream, queue: DispatchBatching, sourceEndsItself: Bool) {
        subscribeToSource = subscribeSource
        self.queue = queue
        self.sourceEndsItself = sourceEndsItself
        super.init(downstream: downstream)
    }

    /// Subscribes the source on the queue.
    @inlinable func start() {
        queue.runStep { self.subscribeSource() }
    }

    /// The first step, on the queue: nothing if disposed before it ran. Inlinable, so that its
    /// delivery closure is specialised for the element (unspecialised, each event looked the
    /// metadata of `Event<Element>` up, about 330 instructions).
    @inlinable func subscribeSource() {
        if isDisposed { return }
        sourceSubscription = subscribeToSource(Downstream(self) { unsafeDowncast($0, to: DispatchSubscribeOnSink<Element>.self).forward(&$1) })
        if steps.subscribed() { endSource() }
    }

    /// Disposed, by the source's terminal event (`forward`) or from downstream.
    @usableFromInline override func dispose() {
        guard disposeOnce() else { return }
        // The stopped bit is set by a terminal event from the source only.
        sourceEnded = sourceEndsItself && hasTerminated
        if steps.disposed() { endSource() }
    }

    /// Ends the source's subscription, once stored and this sink disposed: in place if the source
    /// ended itself, otherwise by the second step, on the queue.
    @usableFromInline func endSource() {
        if sourceEnded {
            sourceSubscription.take().end()
        } else {
            queue.runStep { self.sourceSubscription.take().end() }
        }
    }
}

/// `subscribe(onNext:…)`'s sink when it subscribes a `subscribe(on:)` on a dispatch queue that
/// never runs work at once (`ObservableKind.subscribeOnDispatchQueue`): the operator's sink and
/// the subscriber's in one object, which takes the source's events itself. A subscription
/// costs one allocation fewer, and each event one hop fewer.
///
/// Everything else is as with the two sinks (`DispatchSubscribeOnSink`'s steps, written out
/// again here, see `DispatchSubscribeOnSteps`): the closures' order around disposal is
/// `ClosuresSink`'s, where the source's subscription is ended in place of the upstream
/// (`endOwnUpstream(afterTerminal:)`); and operators in front of it see an operator, not the
/// user's observer (`isFinalObserver`), as RxSwift's `subscribe(on:)` sink stands between them.
///
/// Unchecked Sendable: the closures as in `ClosuresSink`; its own fields are constants but for
/// `sourceSubscription`, ordered by `steps`.
@usableFromInline final class DispatchSubscribeOnSubscriber<Element>: ClosuresSink<Element>, @unchecked Sendable {
    @usableFromInline let subscribeToSource: (consuming Downstream<Element>) -> Upstream
    @usableFromInline let queue: DispatchBatching
    @usableFromInline let steps = DispatchSubscribeOnSteps()
    @usableFromInline let sourceEndsItself: Bool
    // Unchecked exclusivity: see `DispatchSubscribeOnSteps`.
    @exclusivity(unchecked) @usableFromInline var sourceSubscription = Upstream.none
    @exclusivity(unchecked) @usableFromInline var sourceEnded = false

    @inlinable init(subscribingSource subscribeSource: @escaping (consuming Downstream<Element>) -> Upstream, on queue: DispatchBatching, sourceEndsItself: Bool, onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        subscribeToSource = subscribeSource
        self.queue = queue
        self.sourceEndsItself = sourceEndsItself
        super.init(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, keepsOwnUpstream: true)
    }

    /// Subscribes the closures to `observable` with one of these sinks, if it is a
    /// `subscribe(on:)` on a dispatch queue that never runs work at once; nil for any other.
    /// `subscribe(onNext:…)` calls it only for a node of that kind, so that other subscriptions
    /// pass no closures (passed, they are retained and released). Specialised for the element
    /// but never inlined: the path is rare, and inlined it cost each `subscribe(onNext:…)` of an
    /// app about 400 bytes of release text.
    @inlinable @inline(never) static func subscribe(_ observable: Observable<Element>, onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) -> DispatchSubscribeOnSubscriber? {
        guard observable.kind == .subscribeOnDispatchQueue else { return nil }
        // Sound: only that class has this kind (checked when a node is made, in debug builds).
        let node = unsafeDowncast(observable, to: SubscribeOnObservable<Element>.self)
        guard case .queue(let queue) = node.scheduler else { return nil }
        let subscriber = DispatchSubscribeOnSubscriber(subscribingSource: node.subscribeSource, on: queue, sourceEndsItself: node.sourceEndsItself, onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        subscriber.start()
        return subscriber
    }

    @usableFromInline override var isFinalObserver: Bool { false }

    /// Subscribes the source on the queue. Dispatched, not through `runStep`, as are both
    /// steps: the queue never runs work at once (the kind of node this sink is made for).
    @inlinable func start() {
        queue.dispatchDrain { self.subscribeSource() }
    }

    @inlinable func subscribeSource() {
        if isDisposed { return }
        sourceSubscription = subscribeToSource(downstream)
        if steps.subscribed() { endSource() }
    }

    @usableFromInline override func endOwnUpstream(afterTerminal: Bool) {
        sourceEnded = sourceEndsItself && afterTerminal
        if steps.disposed() { endSource() }
    }

    /// As `DispatchSubscribeOnSink.endSource()`.
    @usableFromInline func endSource() {
        if sourceEnded {
            sourceSubscription.take().end()
        } else {
            queue.dispatchDrain { self.sourceSubscription.take().end() }
        }
    }
}
