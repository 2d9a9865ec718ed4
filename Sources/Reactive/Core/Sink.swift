import Synchronization

/// What every operator's per-subscription state shares: disposal and the upstream subscription.
///
/// See `SubscriptionState`: disposal is idempotent and thread-safe without a lock, and
/// a sink disposed before its upstream subscription is assigned disposes that subscription as
/// soon as it arrives (a source may terminate synchronously inside `subscribe`).
@usableFromInline class Sink: Cancelable, @unchecked Sendable {
    /// The upstream subscription's state, which also counts deliveries in progress
    /// (`beginDelivery`).
    @usableFromInline final let state = SubscriptionState()
    // Written once before `upstreamSetBit` is published; read only after observing that bit.
    // So exclusivity is unchecked: a dynamic check would only add a thread-local lookup.
    @exclusivity(unchecked) @usableFromInline final var upstream = Upstream.none

    @usableFromInline let resource = ResourceToken()

    /// Inlined into each sink's initialiser, as `Observable.init(run:)`.
    @inlinable init() {}

    /// Assigns the upstream subscription; disposes it at once if the sink is already disposed.
    ///
    /// Inlined, so that the subscription moves from the caller's hands into the slot: called out
    /// of line, it was copied into the callee (a retain) and the caller's released.
    @inlinable @inline(__always) final func setUpstream(_ disposable: consuming Upstream) {
        state.assign(consume disposable, to: &upstream)
    }

    /// `setUpstream(_:)` for a `Disposable` of any type (what a user's closure or a scheduler
    /// returns), held as `Upstream(_:)` holds it. Out of line: the same code for every element
    /// type, where inlined into each specialised operator it was about 150 bytes of the app's
    /// text a type, for one call's instructions.
    @usableFromInline @inline(never) final func setUpstream(disposable: consuming Disposable) {
        setUpstream(Upstream(disposable))
    }

    /// Whether `dispose()` has been called.
    @inlinable public final var isDisposed: Bool { state.isDisposed }

    /// Whether a terminal event passed or the sink is disposed: nothing more may be forwarded.
    @inlinable final var isStopped: Bool { state.isStopped }

    /// Whether a terminal event passed (only terminal events set the stopped bit), for grammar checks.
    @inlinable final var hasTerminated: Bool { state.hasTerminated }

    /// Marks the sink stopped; true for the one caller that may forward a terminal event.
    @inlinable final func markStopped() -> Bool { state.markStopped() }

    /// Marks the sink stopped and disposes it in one atomic step: an inner sink ending itself on
    /// its terminal event. Only for sinks that hold no user resources (it does not defer their
    /// release as `dispose` does) and do not override `dispose()`.
    @usableFromInline final func stopAndDispose() {
        if state.markEnded() { upstream.take().end() }
    }

    /// Disposes the upstream subscription once. Subclasses that own more resources override this,
    /// call `super.dispose()`, and release theirs when `disposeOnce()` says they are first.
    @usableFromInline func dispose() {
        _ = disposeOnce()
    }

    /// Disposes the upstream once; true for the first caller.
    @usableFromInline final func disposeOnce() -> Bool {
        disposeOnceDeferringRelease().first
    }

    /// Disposes the upstream once. `releaseNow` tells the first caller whether it may release the
    /// sink's user closures now; if a delivery is in progress, that delivery releases them in
    /// `endDelivery` instead, so a closure is never released while it is being read.
    // Always inlined into the few disposals that call it: the optimiser stopped inlining it once
    // ending the upstream became a switch over `Upstream`'s cases, and each call cost more than
    // the code it saves (mapFilterCreating 9,742 → 9,613 instructions once inlined).
    @usableFromInline @inline(__always) final func disposeOnceDeferringRelease() -> (first: Bool, releaseNow: Bool) {
        disposeOnceDeferringRelease(beforeEndingUpstream: {})
    }

    /// As `disposeOnceDeferringRelease()`; the first caller runs `beforeEndingUpstream` once the
    /// sink is marked disposed and before its upstream is disposed.
    // Inlinable too: `subscribe(onNext:)`'s sink ends itself in the caller's module (specialised),
    // where a body this module keeps to itself was a call with its closure made into a context:
    // about 85 instructions of every subscription that ends (subscribeOnBatched 6,463 → 6,378).
    @inlinable @inline(__always) final func disposeOnceDeferringRelease(beforeEndingUpstream: () -> Void) -> (first: Bool, releaseNow: Bool) {
        var current = state.word.load(ordering: .relaxed)
        while true {
            if current & SubscriptionState.disposedBit != 0 { return (false, false) }
            let delivering = current >= SubscriptionState.deliveryUnit
            let desired = current | SubscriptionState.disposedBit | (delivering ? SubscriptionState.releaseDeferredBit : 0)
            let (exchanged, original) = state.word.compareExchange(expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        beforeEndingUpstream()
        if current & SubscriptionState.upstreamSetBit != 0 {
            upstream.take().end()
        }
        return (true, current < SubscriptionState.deliveryUnit)
    }

    /// Starts delivering an event to user code; false if the sink is stopped or disposed.
    /// Must be paired with `endDelivery`.
    @inlinable final func beginDelivery(terminal: Bool) -> Bool {
        guard terminal else {
            let previous = state.word.wrappingAdd(SubscriptionState.deliveryUnit, ordering: .acquiring).oldValue
            return previous & (SubscriptionState.disposedBit | SubscriptionState.stoppedBit) == 0
        }
        var current = state.word.load(ordering: .relaxed)
        while true {
            let desired = (current + SubscriptionState.deliveryUnit) | SubscriptionState.stoppedBit
            let (exchanged, original) = state.word.compareExchange(expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return current & (SubscriptionState.disposedBit | SubscriptionState.stoppedBit) == 0 }
            current = original
        }
    }

    /// Ends a delivery; the last one out releases the user closures if a disposal deferred it.
    @inlinable final func endDelivery() {
        let previous = state.word.wrappingSubtract(SubscriptionState.deliveryUnit, ordering: .acquiringAndReleasing).oldValue
        if previous & SubscriptionState.releaseDeferredBit != 0 && previous < 2 * SubscriptionState.deliveryUnit {
            releaseUserResources()
        }
    }

    /// Makes `sink`, an inner sink, new again for the next inner subscription if it has ended
    /// and nothing but the caller holds it (a synchronous inner observable such as `just` has
    /// come and gone); true if so. For an operator that keeps one spare inner sink instead of
    /// allocating one per inner observable (switchLatest, once its inline subscription is retired).
    @inlinable static func resetIfReusable<InnerSink: Sink>(_ sink: inout InnerSink) -> Bool {
        guard sink.isStopped, isKnownUniquelyReferenced(&sink) else { return false }
        sink.state.reset(&sink.upstream)
        return true
    }

    /// Releases what the sink holds of the user's (closures, observers). Called once a
    /// disposal is complete and no delivery is in progress; the default holds nothing.
    @usableFromInline func releaseUserResources() {}
}
