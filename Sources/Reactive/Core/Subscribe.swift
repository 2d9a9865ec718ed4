extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// The closure runs on the thread the source sends on (use `observe(on:)` to choose it),
    /// except where it was written in `@MainActor` code or in an actor's method: then it runs
    /// on that actor (see `subscribe(onNext:onError:onCompleted:onDisposed:isolation:)`).
    /// Returns a disposable that ends the subscription; keep it, e.g. in a `DisposeBag`.
    ///
    /// Debug builds record the subscription, with `file` and `line`, until its disposable is
    /// released: see `Resources.liveSubscriptions`.
    @inlinable public func subscribe(_ on: @escaping (Event<Element>) -> Void, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        if let isolation {
            return recordSubscription(asObservable().subscribe(AnyObserver(eventHandler: on), deliveringOn: SubscriberActor(isolation)), to: asObservable(), as: "subscribe", file: file, line: line)
        }
        return recordSubscription(asObservable().subscribe(AnyObserver(eventHandler: on)), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Subscribes closures for elements, the error, completion and disposal.
    ///
    /// Closures run on the thread the source sends on (use `observe(on:)` to choose it), never
    /// two at once. An error with no `onError` goes to `Hooks.defaultErrorHandler`. `onDisposed`
    /// runs once, when the subscription ends for any reason (after `onError`/`onCompleted`, or
    /// on `dispose()`). Once `dispose()` returns, no closure call begins any more.
    /// The closures are retained until the returned disposable is released.
    ///
    /// Actors: closures written in `@MainActor` code, or in an actor's isolated method, belong
    /// to that actor (Swift 6 lets them touch its state), and run on it. `isolation` receives
    /// it (leave it to its default, `#isolation`). An event that arrives on that actor with
    /// nothing queued is delivered at once, as RxSwift would; one that arrives on another thread
    /// hops to the actor, in order, as `observe(on: MainScheduler.instance)` would. So the main
    /// queue must run (an app does; a command-line program calls `dispatchMain()`), and code on
    /// the main thread must not block waiting for such a delivery. `onDisposed` runs on the
    /// actor too. Closures written in nonisolated code run on the sending thread, as in RxSwift.
    ///
    /// Debug builds record the subscription, with `file` and `line` (the call's, by default),
    /// until its disposable is released: see `Resources.liveSubscriptions`. Release builds
    /// record nothing.
    @inlinable public func subscribe(onNext: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        if let isolation {
            return recordSubscription(asObservable().subscribe(deliveringOn: SubscriberActor(isolation), onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed), to: asObservable(), as: "subscribe", file: file, line: line)
        }
        return recordSubscription(Observable<Element>.subscribeClosures(asObservable(), onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed), to: asObservable(), as: "subscribe", file: file, line: line)
    }

    /// Subscribes closures that receive `object`, held weakly; events after `object` is
    /// deallocated are ignored. Closures written in `@MainActor` code or in an actor's method
    /// run on that actor (see `subscribe(onNext:onError:onCompleted:onDisposed:isolation:)`).
    @inlinable public func subscribe<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onError: ((Object, Swift.Error) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil, isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        subscribe(onNext: bindingWeakly(object, onNext), onError: bindingWeakly(object, onError), onCompleted: bindingWeakly(object, onCompleted), onDisposed: bindingWeakly(object, onDisposed), isolation: isolation, file: file, line: line)
    }
}

extension Observable {
    /// `subscribe(onNext:…)` on the sending thread: made once per element type (inlinable, not
    /// inlined), so that the sink's delivery is specialised while a call site costs an app only
    /// the call.
    @inlinable @inline(never) static func subscribeClosures(_ source: Observable<Element>, onNext: consuming ((Element) -> Void)?, onError: consuming ((Swift.Error) -> Void)?, onCompleted: consuming (() -> Void)?, onDisposed: consuming (() -> Void)?) -> ClosuresSink<Element> {
        // Right behind a `subscribe(on:)` on a dispatch queue, one sink for the subscription and
        // the operator (`DispatchSubscribeOnSubscriber`), the rare path itself out of line.
        if source.kind == .subscribeOnDispatchQueue, let subscriber = DispatchSubscribeOnSubscriber.subscribe(source, onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed) {
            return subscriber
        }
        let sink = SubscribeSink(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        sink.setUpstream(source.subscribe(sink.downstream))
        return sink
    }

    /// `subscribe(onNext:…)` for closures that belong to `actor`: the events reach them through
    /// an `ActorDeliverySink`, and `onDisposed` runs on the actor too.
    @usableFromInline func subscribe(deliveringOn actor: SubscriberActor, onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) -> Disposable {
        var onDisposedOnActor: (() -> Void)?
        if let onDisposed {
            // Sent to the actor, where it was written to run.
            let work = UncheckedSendable(onDisposed)
            onDisposedOnActor = { actor.run { work.value() } }
        }
        let sink = SubscribeSink(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposedOnActor)
        sink.setUpstream(subscribe(sink.downstream, deliveringOn: actor))
        return sink
    }

    /// `subscribe(_:)` for an observer whose events must reach it on `actor`.
    @usableFromInline func subscribe<Observer: ObserverType>(_ observer: Observer, deliveringOn actor: SubscriberActor) -> Disposable where Observer.Element == Element {
        let sink = ObserverSink(observer)
        sink.setUpstream(subscribe(sink.downstream, deliveringOn: actor))
        return sink
    }

    /// Subscribes `downstream` through an `ActorDeliverySink` for `actor`; its subscription is
    /// the one the downstream sink keeps.
    func subscribe(_ downstream: Downstream<Element>, deliveringOn actor: SubscriberActor) -> Upstream {
        let hop = ActorDeliverySink(downstream: downstream, actor: actor)
        hop.setUpstream(subscribe(hop.handle))
        return .object(hop)
    }
}

/// `action` with `object` passed in, held weakly: once `object` is gone, calls do nothing. Always
/// a closure, even for a nil `action` (as RxSwift's `subscribe(with:)`: an error with no handler
/// is then ignored, not reported).
@inlinable func bindingWeakly<Object: AnyObject, Value>(_ object: Object, _ action: ((Object, Value) -> Void)?) -> (Value) -> Void {
    { [weak object] value in
        guard let object else { return }
        action?(object, value)
    }
}

/// `action` with `object` passed in, held weakly; see the one-value form.
@inlinable func bindingWeakly<Object: AnyObject>(_ object: Object, _ action: ((Object) -> Void)?) -> () -> Void {
    { [weak object] in
        guard let object else { return }
        action?(object)
    }
}

/// The sink of `subscribe(onNext:…)`, subscribed to its upstream: its closures' part is
/// `ClosuresSink`, which `DispatchSubscribeOnSubscriber` shares. Final, so that code inlined
/// into the caller disposes and releases the subscription directly, as before the two shared.
/// Unchecked Sendable as `ClosuresSink`: it adds no state.
@usableFromInline final class SubscribeSink<Element>: ClosuresSink<Element>, @unchecked Sendable {
    @inlinable init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) {
        super.init(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, keepsOwnUpstream: false)
    }
}

/// The closures of `subscribe(onNext:…)` and what they get. It releases the closures as soon as
/// the subscription is disposed or terminated (breaking cycles through captured subscriptions),
/// never while one runs.
///
/// Two final subclasses: `SubscribeSink`, and `DispatchSubscribeOnSubscriber`, which keeps its
/// upstream itself (`endOwnUpstream(afterTerminal:)`, called where `keepsOwnUpstream` says so:
/// a flag tested in place, where an empty method called through the class's table cost every
/// other subscription about 8 instructions). Its properties, `dispose()` and the methods on the
/// event path are final, so that code inlined into other modules reaches them directly, not
/// through the class's table.
///
/// Unchecked Sendable: the closures are read only inside deliveries, which never overlap (the
/// Rx contract), and cleared only once the atomic state says no delivery runs (`endDelivery`,
/// `disposeOnceDeferringRelease`); `onDisposed` is taken by the first disposer alone.
@usableFromInline class ClosuresSink<Element>: Sink, FinalObserverSink, @unchecked Sendable {
    // Read only inside beginDelivery/endDelivery; written only by releaseUserResources.
    // Unchecked exclusivity: events to one sink never overlap (the Rx contract), so a dynamic
    // check would only add a thread-local lookup to every access on the per-event path.
    // Held, not a plain optional closure: called by borrowing it (see `HeldClosure`), which is
    // sound as nothing writes to it while a delivery runs.
    @exclusivity(unchecked) @usableFromInline final var onNext: HeldClosure<Element>?
    @exclusivity(unchecked) @usableFromInline final var onError: ((Swift.Error) -> Void)?
    @exclusivity(unchecked) @usableFromInline final var onCompleted: (() -> Void)?
    // Read and cleared only by the first disposer.
    @exclusivity(unchecked) @usableFromInline final var onDisposed: (() -> Void)?
    @usableFromInline final let callStack: [String]
    // Whether `endOwnUpstream(afterTerminal:)` has anything to dispose
    // (`DispatchSubscribeOnSubscriber`).
    @usableFromInline final let keepsOwnUpstream: Bool

    @inlinable init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?, keepsOwnUpstream: Bool) {
        if let onNext { self.onNext = HeldClosure(onNext) } else { self.onNext = nil }
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
        self.callStack = onError == nil ? Hooks.subscriptionCallStack() : []
        self.keepsOwnUpstream = keepsOwnUpstream
        super.init()
    }

    @usableFromInline var isFinalObserver: Bool { true }

    /// This sink as the downstream of what it subscribes: one closure for both subclasses and
    /// every caller. Two alike (one a class each, or one per place that made a sink) were
    /// merged by the compiler into one body that both reached through a thunk, a call more on
    /// every event (publishSubjectPumping 141 → 134 instructions an event with one closure).
    @inlinable final var downstream: Downstream<Element> {
        Downstream(self) { unsafeDowncast($0, to: ClosuresSink<Element>.self).on(&$1) }
    }

    /// An event from upstream. Only the element's path is inlined into the downstream closure:
    /// with the terminal events' paths beside it, the three shared one tail (the delivery's
    /// end), and the optimiser put a jump on the element's path to reach it (kvoSetOneRxSubscriber
    /// 235 → 228 instructions an element, publishSubjectPumping 134 → 129, once apart; a call
    /// for each terminal event, or the error taken out before the call, kept 2–4 of them).
    @inlinable @inline(__always) final func on(_ event: inout Event<Element>) {
        guard case .next(let element) = event else {
            deliverTerminal(event)
            return
        }
        if beginDelivery(terminal: false) {
            switch onNext {
            case .some(let held): held.call(element)
            case .none: break
            }
        }
        endDelivery()
    }

    /// The terminal `event`'s error, taken out where the event's type is known, for
    /// `deliverTerminal(error:)`. Specialised for each element type but not inlined: taken out
    /// in `on(_:)`, it cost each element 3–5 instructions more (the element's path and this
    /// branch share registers); read in the library's unspecialised code, it cost a lookup of
    /// `Event<Element>`'s metadata at every terminal event (about 330 instructions;
    /// subscribeOnBatched 6,017 → 5,552 a subscription without it).
    @inlinable @inline(never) final func deliverTerminal(_ event: Event<Element>) {
        deliverTerminal(error: event.error)
    }

    /// The terminal event, once: `error` to `onError` (to `Hooks.defaultErrorHandler` without
    /// one), or with nil the completion to `onCompleted`; then `onDisposed` and the upstream's
    /// disposal.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    final func deliverTerminal(error: Swift.Error?) {
        guard beginDelivery(terminal: true) else {
            endDelivery()
            return
        }
        if let error {
            if let onError {
                onError(error)
            } else {
                Hooks.defaultErrorHandler(callStack, error)
            }
        } else {
            onCompleted?()
        }
        endAfterTerminal()
        endDelivery()
    }

    /// Disposed by the user: the upstream first, then `onDisposed`, as RxSwift's subscription
    /// disposes its parts in that order.
    @usableFromInline final override func dispose() {
        end(onDisposedFirst: false)
    }

    /// After a terminal event: `onDisposed` right after the event's closure, then the upstream's
    /// disposal, as RxSwift's observer calls it at the terminal event and leaves the upstream to
    /// the operator that sent it.
    @inlinable final func endAfterTerminal() {
        end(onDisposedFirst: true)
    }

    @inlinable @inline(__always) final func end(onDisposedFirst: Bool) {
        var onDisposed: (() -> Void)?
        // Only the first disposer runs the closure, so `onDisposed` is read and cleared once.
        let (first, releaseNow) = disposeOnceDeferringRelease(beforeEndingUpstream: {
            onDisposed = self.onDisposed
            self.onDisposed = nil
            if onDisposedFirst {
                onDisposed?()
                onDisposed = nil
            }
        })
        guard first else { return }
        if keepsOwnUpstream { endOwnUpstream(afterTerminal: onDisposedFirst) }
        if releaseNow { releaseUserResources() }
        onDisposed?()
    }

    /// Disposes an upstream the sink keeps other than in `upstream`, right after that one would
    /// be: before `onDisposed` on `dispose()`, after it on a terminal event (`afterTerminal`).
    /// Called once, by the first disposer. Nothing here: `DispatchSubscribeOnSubscriber`'s.
    @usableFromInline func endOwnUpstream(afterTerminal: Bool) {}

    @usableFromInline override func releaseUserResources() {
        onNext = nil
        onError = nil
        onCompleted = nil
    }
}
