/// Another name for ``Observable`` (RxSwift's `RxObservable`), which code ported from RxSwift
/// may use where Observation's `Observable` is in scope too.
public typealias RxObservable<Element> = Observable<Element>

/// A push-based sequence of elements: the type every operator returns.
///
/// An `Observable` is an immutable recipe; each `subscribe` starts an independent run of it
/// (a cold sequence) unless it is a subject or shared. It may be subscribed from any thread.
///
/// Threading: events arrive on whatever thread the source sends them, unless `observe(on:)`
/// says otherwise; events to one observer never overlap.
public class Observable<Element>: ObservableType, @unchecked Sendable {
    /// Starts one subscription of the node passed in, delivering to `downstream`.
    ///
    /// Every node stores a non-capturing function created in specialised (inlinable) code, so
    /// subscribing and delivering run specialised code through the type-erased `Observable`
    /// without a closure context allocation or a reabstraction thunk. The downstream is handed
    /// over (`consuming`): a run passes it on to the sink it makes with `consume`, which stores
    /// it with no retain, and the subscriber that made it releases nothing after the call.
    @usableFromInline package typealias Run = (Observable<Element>, consuming Downstream<Element>) -> Upstream

    @usableFromInline let run: Run
    @usableFromInline let resource = ResourceToken()
    /// Whether subscribing installs the current-thread trampoline when the thread has none.
    /// False for the nodes RxSwift subscribes directly rather than as a `Producer` (`just`,
    /// `empty`, `error`, `never`, the subjects, the connectables, `share`'s while-connected
    /// forms of at most one element; see `CurrentThreadScheduler`): their events reach the
    /// observer with no trampoline, so work it schedules on `CurrentThreadScheduler` runs at once.
    @usableFromInline let trampolined: Bool
    /// Whether the node is a `just` or an `empty`, which some operators handle without
    /// subscribing them (see `justElement`), or a `subscribe(on:)` on a dispatch queue: a field
    /// rather than a comparison of the node's class, which would look the generic class's
    /// metadata up at each check.
    @usableFromInline let kind: ObservableKind

    /// Inlined into each operator's initialiser: a call for storing one closure (every inner
    /// observable of a `flatMap` is made with it). A node not `trampolined` (see the property)
    /// must not call `subscribeInsideRun` from its `run`, which expects the trampoline. `kind`
    /// is `.other` but for `JustObservable`, `EmptyObservable` and `SubscribeOnObservable`.
    @inlinable package init(run: @escaping Run, trampolined: Bool = true, kind: ObservableKind = .other) {
        self.run = run
        self.trampolined = trampolined
        self.kind = kind
        // What `justElement` and the combining operators' downcasts rely on.
        assert(kind != .just || type(of: self) == JustObservable<Element>.self, "only a JustObservable is a just")
        assert(kind != .empty || type(of: self) == EmptyObservable<Element>.self, "only an EmptyObservable is an empty")
        assert(kind != .subscribeOnDispatchQueue || type(of: self) == SubscribeOnObservable<Element>.self, "only a SubscribeOnObservable subscribes on a dispatch queue")
    }

    /// Subscribes `observer` to the sequence's events.
    ///
    /// The observer receives `next* (error | completed)?`; after a terminal event the subscription
    /// disposes itself. Disposing the returned disposable is idempotent and thread-safe; once it
    /// returns, no event sent afterwards reaches `observer` (a delivery another thread had
    /// already started may still arrive, at most one; see `Disposable.dispose()`).
    @inlinable
    public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let sink = ObserverSink(observer)
        sink.setUpstream(subscribe(sink.downstream))
        return sink
    }

    /// Returns `self`.
    @inlinable public final func asObservable() -> Observable<Element> { self }

    /// The nodes this one subscribes to, for the chains `Resources.liveSubscriptions` shows
    /// (debug builds read it when a subscription is made); none for a source.
    var chainSources: [AnyObject] { [] }

    /// How the chains of `Resources.liveSubscriptions` name this node, when its type does not
    /// say it (a `map` that took a `filter` in).
    var chainLabel: StaticString? { nil }

    /// Subscribes an internal downstream sink, on the current-thread trampoline if the node
    /// wants one (`trampolined`).
    ///
    /// The outermost subscription on a thread installs the trampoline, so that work scheduled on
    /// `CurrentThreadScheduler` while subscribing runs after `run` returns, iteratively rather than
    /// recursively (RxSwift's semantics, and no stack growth for long synchronous chains).
    @inlinable package final func subscribe(_ downstream: consuming Downstream<Element>) -> Upstream {
        // Inside a running trampoline (a subscription made while subscribing or delivering),
        // subscribed directly: the downstream is handed over, not copied for a closure.
        guard trampolined else { return run(self, consume downstream) }
        // Handed to the trampoline's closure through an optional it takes it out of, not
        // captured: a closure cannot consume what it captures, and a copy retained and
        // released the target and the handler's context on every outermost subscription
        // (about 1 % of each creating workload). The closure runs exactly when a subscription
        // comes back, so exactly one of the two takes finds the downstream there.
        var handedOver: Downstream<Element>? = consume downstream
        if let upstream = CurrentThreadScheduler.runInstallingTrampoline({ self.run(self, handedOver.take()!) }) {
            return upstream
        }
        return run(self, handedOver.take()!)
    }

    /// Subscribes an internal downstream sink from inside another node's `run`, which only
    /// `subscribe(_:)` calls, with the trampoline installed: so this does not ask for it again
    /// (a thread-local lookup per operator of a chain). Debug builds check that it is installed.
    @inlinable final func subscribeInsideRun(_ downstream: consuming Downstream<Element>) -> Upstream {
        assert(!CurrentThreadScheduler.isScheduleRequired, "subscribeInsideRun outside a subscription")
        return run(self, consume downstream)
    }
}

/// What kind of node an `Observable` is, for the operators that handle a `just` or an `empty`
/// source without subscribing it, and for `subscribe(onNext:…)` on a `subscribe(on:)`
/// (`Observable.kind`).
@usableFromInline package enum ObservableKind: UInt8 {
    /// Any node but these.
    case other
    /// A `JustObservable`.
    case just
    /// An `EmptyObservable`.
    case empty
    /// A `SubscribeOnObservable` on a dispatch queue that never runs work at once (not
    /// `MainScheduler`): `subscribe(onNext:…)` subscribes it with one sink for both
    /// (`DispatchSubscribeOnSubscriber`).
    case subscribeOnDispatchQueue
}

/// A sink that may stand for the user's observer: `subscribe(onNext:…)`'s and
/// `subscribe(_ observer:)`'s, `share`'s connection, and `startWith`'s in front of one. RxSwift's
/// observers (and `share`'s connection) never dispose the subscription they get a terminal event
/// from: the operator that sent it disposes itself once its own work is done. These sinks do
/// dispose their upstream at once, so `do` asks them to keep RxSwift's order of
/// `afterCompleted` and `onDispose` (see `DoSink`).
@usableFromInline protocol FinalObserverSink: AnyObject {
    /// Whether the events this sink takes reach the user's observer with no operator that
    /// RxSwift has between them.
    var isFinalObserver: Bool { get }
}

extension Downstream {
    /// Whether the sink this delivers to stands for the user's observer (see `FinalObserverSink`).
    @inlinable var isFinalObserver: Bool {
        (target as? FinalObserverSink)?.isFinalObserver == true
    }
}

/// An observer wrapping a user's `ObserverType`: it stops after the first terminal event and
/// releases the observer once disposed (never while delivering to it).
@usableFromInline final class ObserverSink<Observer: ObserverType>: Sink, FinalObserverSink, @unchecked Sendable {
    // Read only inside beginDelivery/endDelivery; cleared only by releaseUserResources, so
    // delivered to by borrowing it (see `HeldObserver`).
    // Unchecked exclusivity: events to one sink never overlap (the Rx contract), so a dynamic
    // check would only add a thread-local lookup to every access on the per-event path.
    @exclusivity(unchecked) @usableFromInline var observer: HeldObserver<Observer>?

    @inlinable init(_ observer: Observer) {
        self.observer = HeldObserver(observer)
        super.init()
    }

    @usableFromInline var isFinalObserver: Bool { true }

    @inlinable var downstream: Downstream<Observer.Element> {
        Downstream(self) { unsafeDowncast($0, to: ObserverSink<Observer>.self).on(&$1) }
    }

    @inlinable func on(_ event: inout Event<Observer.Element>) {
        let terminal = event.isStopEvent
        if beginDelivery(terminal: terminal) {
            switch observer {
            case .some(let held): held.on(event)
            case .none: break
            }
            if terminal { dispose() }
        }
        endDelivery()
    }

    @usableFromInline override func dispose() {
        let (first, releaseNow) = disposeOnceDeferringRelease()
        if first && releaseNow { releaseUserResources() }
    }

    @usableFromInline override func releaseUserResources() {
        observer = nil
    }
}

extension Observable: SubscriptionChainNode {}
