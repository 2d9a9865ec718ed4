import Synchronization

/// One upstream subscription and its disposal state in one atomic word: what every `Sink`
/// holds, and what an operator holds inline for an inner subscription that needs no object of
/// its own (merge's inner observables, one at a time).
///
/// Disposal is idempotent and thread-safe without a lock, and a slot disposed before its
/// subscription is assigned disposes that subscription as soon as it arrives (a source may
/// terminate synchronously inside `subscribe`). Its methods hand back the subscription to
/// dispose rather than disposing it (`owner.slot.stopAndTake()?.dispose()`): the access to the
/// slot ends before the call out, so no formal access to it overlaps a re-entrant one.
@usableFromInline struct SubscriptionSlot: ~Copyable, @unchecked Sendable {
    @usableFromInline static var disposedBit: Int { 1 }
    @usableFromInline static var upstreamSetBit: Int { 2 }
    @usableFromInline static var stoppedBit: Int { 4 }
    /// `Sink` only: set by a disposal that found a delivery in progress.
    @usableFromInline static var releaseDeferredBit: Int { 8 }
    /// `Sink` only: the count of deliveries in progress lives above the flag bits.
    @usableFromInline static var deliveryUnit: Int { 16 }

    @usableFromInline let state = Atomic<Int>(0)
    /// Written once before `upstreamSetBit` is published; read only after observing that bit.
    @usableFromInline var upstream: Disposable?

    @inlinable init() {}

    /// Assigns the upstream subscription, or returns it if the slot is disposed already: the
    /// caller then disposes it, after this access to the slot has ended.
    @inlinable @inline(__always) mutating func assign(_ disposable: consuming Disposable) -> Disposable? {
        if state.load(ordering: .acquiring) & Self.disposedBit != 0 {
            // Disposed already (an inner `just` ends inside `subscribe`): nothing to keep, and
            // no atomic read-modify-write (disposal is final).
            return consume disposable
        }
        // Moved in and taken back out rather than copied: each copy of an existential is a
        // call through its value witness and a retain.
        upstream = consume disposable
        let old = state.bitwiseOr(Self.upstreamSetBit, ordering: .acquiringAndReleasing).oldValue
        precondition(old & Self.upstreamSetBit == 0, "Internal inconsistency: upstream assigned twice")
        return old & Self.disposedBit != 0 ? upstream.take() : nil
    }

    /// Whether the slot was disposed.
    @inlinable var isDisposed: Bool {
        state.load(ordering: .relaxed) & Self.disposedBit != 0
    }

    /// Whether a terminal event passed or the slot is disposed: nothing more may be forwarded.
    @inlinable var isStopped: Bool {
        state.load(ordering: .relaxed) & (Self.disposedBit | Self.stoppedBit) != 0
    }

    /// Whether a terminal event passed (only terminal events set the stopped bit).
    @inlinable var hasTerminated: Bool {
        state.load(ordering: .relaxed) & Self.stoppedBit != 0
    }

    /// Marks the slot stopped; true for the one caller that may forward a terminal event.
    @inlinable func markStopped() -> Bool {
        let old = state.bitwiseOr(Self.stoppedBit, ordering: .acquiringAndReleasing).oldValue
        return old & (Self.disposedBit | Self.stoppedBit) == 0
    }

    /// Marks the slot stopped and disposed in one atomic step (an inner subscription ended by
    /// its own terminal event); returns the subscription for the caller to dispose.
    @inlinable mutating func stopAndTake() -> Disposable? {
        let old = state.bitwiseOr(Self.stoppedBit | Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        return old & Self.disposedBit == 0 && old & Self.upstreamSetBit != 0 ? upstream.take() : nil
    }

    /// Marks the slot disposed (a slot that counts no deliveries); returns the subscription for
    /// the first caller to dispose.
    @inlinable mutating func disposeAndTake() -> Disposable? {
        let old = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        return old & Self.disposedBit == 0 && old & Self.upstreamSetBit != 0 ? upstream.take() : nil
    }

    /// Makes an ended slot new again for the next subscription. Only for its owner, when the
    /// source it served has ended and nothing else can reach the slot.
    @inlinable mutating func reset() {
        upstream = nil
        state.store(0, ordering: .relaxed)
    }
}
