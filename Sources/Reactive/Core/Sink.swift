import Synchronization

/// What every operator's per-subscription state shares: disposal and the upstream subscription.
///
/// The state is one atomic word, so disposal is idempotent and thread-safe without a lock, and a
/// sink disposed before its upstream subscription is assigned disposes that subscription as soon
/// as it arrives (a source may terminate synchronously inside `subscribe`).
@usableFromInline class Sink: Cancelable {
    @usableFromInline static var disposedBit: Int { 1 }
    @usableFromInline static var upstreamSetBit: Int { 2 }
    @usableFromInline static var stoppedBit: Int { 4 }
    /// Set by a disposal that found a delivery in progress: the delivery releases on its way out.
    @usableFromInline static var releaseDeferredBit: Int { 8 }
    /// The count of deliveries in progress (re-entrant ones included) lives above the flag bits.
    @usableFromInline static var deliveryUnit: Int { 16 }

    @usableFromInline final let state = Atomic<Int>(0)
    // Written once before `upstreamSetBit` is published; read only after observing that bit.
    // So exclusivity is unchecked: a dynamic check would only add a thread-local lookup.
    @exclusivity(unchecked) @usableFromInline final var upstream: Disposable?

    private let resource = ResourceToken()

    @usableFromInline init() {}

    /// Assigns the upstream subscription; disposes it at once if the sink is already disposed.
    @usableFromInline final func setUpstream(_ disposable: consuming Disposable) {
        if state.load(ordering: .acquiring) & Sink.disposedBit != 0 {
            // Disposed already (an inner `just` ends inside `subscribe`): nothing to keep, and
            // no atomic read-modify-write (disposal is final).
            disposable.dispose()
            return
        }
        // Moved in and taken back out rather than copied: each copy of an existential is a
        // call through its value witness and a retain.
        upstream = consume disposable
        let old = state.bitwiseOr(Sink.upstreamSetBit, ordering: .acquiringAndReleasing).oldValue
        precondition(old & Sink.upstreamSetBit == 0, "Internal inconsistency: upstream assigned twice")
        if old & Sink.disposedBit != 0 {
            upstream.take()?.dispose()
        }
    }

    /// Whether `dispose()` has been called.
    @inlinable public final var isDisposed: Bool {
        state.load(ordering: .relaxed) & Sink.disposedBit != 0
    }

    /// Whether a terminal event passed or the sink is disposed: nothing more may be forwarded.
    @inlinable final var isStopped: Bool {
        state.load(ordering: .relaxed) & (Sink.disposedBit | Sink.stoppedBit) != 0
    }

    /// Whether a terminal event passed (only terminal events set the stopped bit), for grammar checks.
    @inlinable final var hasTerminated: Bool {
        state.load(ordering: .relaxed) & Sink.stoppedBit != 0
    }

    /// Marks the sink stopped; true for the one caller that may forward a terminal event.
    @inlinable final func markStopped() -> Bool {
        let old = state.bitwiseOr(Sink.stoppedBit, ordering: .acquiringAndReleasing).oldValue
        return old & (Sink.disposedBit | Sink.stoppedBit) == 0
    }

    /// Marks the sink stopped and disposes it in one atomic step: an inner sink ending itself on
    /// its terminal event. Only for sinks that hold no user resources (it does not defer their
    /// release as `dispose` does) and do not override `dispose()`.
    @usableFromInline final func stopAndDispose() {
        let old = state.bitwiseOr(Sink.stoppedBit | Sink.disposedBit, ordering: .acquiringAndReleasing).oldValue
        if old & Sink.disposedBit == 0 && old & Sink.upstreamSetBit != 0 {
            upstream.take()?.dispose()
        }
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
    @usableFromInline final func disposeOnceDeferringRelease() -> (first: Bool, releaseNow: Bool) {
        var current = state.load(ordering: .relaxed)
        while true {
            if current & Sink.disposedBit != 0 { return (false, false) }
            let delivering = current >= Sink.deliveryUnit
            let desired = current | Sink.disposedBit | (delivering ? Sink.releaseDeferredBit : 0)
            let (exchanged, original) = state.compareExchange(expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        if current & Sink.upstreamSetBit != 0 {
            upstream.take()?.dispose()
        }
        return (true, current < Sink.deliveryUnit)
    }

    /// Starts delivering an event to user code; false if the sink is stopped or disposed.
    /// Must be paired with `endDelivery`.
    @inlinable final func beginDelivery(terminal: Bool) -> Bool {
        guard terminal else {
            let previous = state.wrappingAdd(Sink.deliveryUnit, ordering: .acquiring).oldValue
            return previous & (Sink.disposedBit | Sink.stoppedBit) == 0
        }
        var current = state.load(ordering: .relaxed)
        while true {
            let desired = (current + Sink.deliveryUnit) | Sink.stoppedBit
            let (exchanged, original) = state.compareExchange(expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return current & (Sink.disposedBit | Sink.stoppedBit) == 0 }
            current = original
        }
    }

    /// Ends a delivery; the last one out releases the user closures if a disposal deferred it.
    @inlinable final func endDelivery() {
        let previous = state.wrappingSubtract(Sink.deliveryUnit, ordering: .acquiringAndReleasing).oldValue
        if previous & Sink.releaseDeferredBit != 0 && previous < 2 * Sink.deliveryUnit {
            releaseUserResources()
        }
    }

    /// Makes `sink`, an inner sink, new again for the next inner subscription if it has ended
    /// and nothing but the caller holds it (a synchronous inner observable such as `just` has
    /// come and gone); true if so. For operators that keep one spare inner sink (merge, switch)
    /// instead of allocating one per inner observable.
    @inlinable static func resetIfReusable<InnerSink: Sink>(_ sink: inout InnerSink) -> Bool {
        guard sink.isStopped, isKnownUniquelyReferenced(&sink) else { return false }
        sink.upstream = nil
        sink.state.store(0, ordering: .relaxed)
        return true
    }

    /// Releases what the sink holds of the user's (closures, observers). Called once a
    /// disposal is complete and no delivery is in progress; the default holds nothing.
    @usableFromInline func releaseUserResources() {}
}
