import Synchronization

/// The state word of one upstream subscription: what every `Sink` holds beside its upstream
/// subscription, and what an operator holds inline for an inner subscription that needs no object
/// of its own (merge's and switch's inner observables, one at a time).
///
/// Disposal is idempotent and thread-safe without a lock, and a subscription disposed before it
/// is assigned is disposed as soon as it arrives (a source may terminate synchronously inside
/// `subscribe`). The subscription itself lives beside the word, in an `Upstream` its
/// owner passes `inout`: it is written once before a bit of the word publishes it and read only
/// after observing that bit, so every access to it but the assignment begins after the atomic
/// step that decided it (`if state.markEnded() { upstream.take().end() }`), and none spans a
/// call out. (The word must be a `let` of its own: an access to a `var` holding both would be
/// an access to the word as well, a race with every other thread's read of it.)
@usableFromInline struct SubscriptionState: ~Copyable, @unchecked Sendable {
    @usableFromInline static var disposedBit: Int { 1 }
    @usableFromInline static var upstreamSetBit: Int { 2 }
    @usableFromInline static var stoppedBit: Int { 4 }
    /// `Sink` only: set by a disposal that found a delivery in progress.
    @usableFromInline static var releaseDeferredBit: Int { 8 }
    /// `Sink` only: the count of deliveries in progress lives above the flag bits.
    @usableFromInline static var deliveryUnit: Int { 16 }

    @usableFromInline let word = Atomic<Int>(0)

    @inlinable init() {}

    /// Assigns the upstream subscription to `upstream`, or disposes it if the subscription is
    /// disposed already.
    @inlinable @inline(__always) func assign(_ disposable: consuming Upstream, to upstream: inout Upstream) {
        if word.load(ordering: .acquiring) & Self.disposedBit != 0 {
            // Disposed already (an inner `just` ends inside `subscribe`): nothing to keep, and
            // no atomic read-modify-write (disposal is final).
            disposable.end()
            return
        }
        // Moved in (the slot holds `.none`, checked in debug builds) and taken back out rather
        // than copied: each copy is a retain.
        assert(upstream.isNone, "Internal inconsistency: a subscription slot filled twice")
        upstream = consume disposable
        let old = word.bitwiseOr(Self.upstreamSetBit, ordering: .acquiringAndReleasing).oldValue
        precondition(old & Self.upstreamSetBit == 0, "Internal inconsistency: upstream assigned twice")
        if old & Self.disposedBit != 0 { upstream.take().end() }
    }

    /// Whether the subscription was disposed.
    @inlinable var isDisposed: Bool {
        word.load(ordering: .relaxed) & Self.disposedBit != 0
    }

    /// Whether a terminal event passed or the subscription is disposed: nothing more may be
    /// forwarded.
    @inlinable var isStopped: Bool {
        word.load(ordering: .relaxed) & (Self.disposedBit | Self.stoppedBit) != 0
    }

    /// Whether a terminal event passed (only terminal events set the stopped bit).
    @inlinable var hasTerminated: Bool {
        word.load(ordering: .relaxed) & Self.stoppedBit != 0
    }

    /// Marks it stopped; true for the one caller that may forward a terminal event.
    @inlinable func markStopped() -> Bool {
        let old = word.bitwiseOr(Self.stoppedBit, ordering: .acquiringAndReleasing).oldValue
        return old & (Self.disposedBit | Self.stoppedBit) == 0
    }

    /// Marks it stopped and disposed in one atomic step (an inner subscription ended by its own
    /// terminal event). True if a subscription was assigned and not disposed before: the caller
    /// then takes it from beside the word and disposes it.
    @inlinable func markEnded() -> Bool {
        let old = word.bitwiseOr(Self.stoppedBit | Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        return old & Self.disposedBit == 0 && old & Self.upstreamSetBit != 0
    }

    /// Marks it disposed (a subscription that counts no deliveries). True for the first caller
    /// if a subscription was assigned: it then takes it and disposes it, as after `markEnded`.
    @inlinable func markDisposed() -> Bool {
        let old = word.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        return old & Self.disposedBit == 0 && old & Self.upstreamSetBit != 0
    }

    /// New again for the next subscription. Only for its owner, when the source it served has
    /// ended and nothing else can reach it.
    /// `upstream` is empty by then (a subscription that ends takes its subscription out, or
    /// never stored it; checked in debug builds), so it is left as it is: assigning `.none`
    /// would end the old value first, for nothing.
    @inlinable func reset(_ upstream: inout Upstream) {
        assert(upstream.isNone, "Internal inconsistency: a subscription reset while holding its upstream")
        word.store(0, ordering: .relaxed)
    }
}

