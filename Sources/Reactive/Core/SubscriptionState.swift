import Synchronization

/// The state word of one upstream subscription: what every `Sink` holds beside its upstream
/// subscription, and what an operator holds inline for an inner subscription that needs no object
/// of its own (merge's and switch's inner observables, one at a time).
///
/// Disposal is idempotent and thread-safe without a lock, and a subscription disposed before it
/// is assigned is disposed as soon as it arrives (a source may terminate synchronously inside
/// `subscribe`). The subscription itself lives beside the word, in a `SubscriptionSlot` its
/// owner passes `inout`: it is written once before a bit of the word publishes it and read only
/// after observing that bit, so every access to it but the assignment begins after the atomic
/// step that decided it (`if state.markEnded() { upstream.take().dispose() }`), and none spans a
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
    @inlinable @inline(__always) func assign(_ disposable: consuming Disposable, to upstream: inout SubscriptionSlot) {
        if word.load(ordering: .acquiring) & Self.disposedBit != 0 {
            // Disposed already (an inner `just` ends inside `subscribe`): nothing to keep, and
            // no atomic read-modify-write (disposal is final).
            disposable.dispose()
            return
        }
        // Moved in and taken back out rather than copied: each copy of an existential is a
        // call through its value witness and a retain.
        upstream.put(disposable)
        let old = word.bitwiseOr(Self.upstreamSetBit, ordering: .acquiringAndReleasing).oldValue
        precondition(old & Self.upstreamSetBit == 0, "Internal inconsistency: upstream assigned twice")
        if old & Self.disposedBit != 0 { upstream.take().dispose() }
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
    /// never stored it; checked in debug builds), so it is left as it is: assigning an empty
    /// slot would destroy the old one through its value witness, for nothing.
    @inlinable func reset(_ upstream: inout SubscriptionSlot) {
        assert(upstream.isEmpty, "Internal inconsistency: a subscription reset while holding its upstream")
        word.store(0, ordering: .relaxed)
    }
}

/// Where a `SubscriptionState`'s subscription lives: a `Disposable`, or `Empty` before it is
/// assigned and after it is taken.
///
/// Not a `Disposable?`: every operation on an optional existential in memory (destroying it
/// with its sink, taking it) goes through `Optional`'s generic value witnesses, which read the
/// case through the existential's own witness and look the optional's metadata up, about a
/// hundred instructions each; a plain existential is moved with a copy of its bytes and
/// destroyed with one call to its value's witness.
@usableFromInline struct SubscriptionSlot {
    @usableFromInline var disposable: Disposable

    @inlinable init() {
        disposable = Empty()
    }

    /// Puts `disposable` in the slot, which is empty (checked in debug builds).
    @inlinable @inline(__always) mutating func put(_ disposable: consuming Disposable) {
        assert(isEmpty, "Internal inconsistency: a subscription slot filled twice")
        self.disposable = disposable
    }

    /// Whether the slot holds no subscription (for debug checks: a dynamic cast).
    @usableFromInline var isEmpty: Bool { disposable is Empty }

    /// Takes the subscription out, leaving the slot empty (`Empty`, whose `dispose` does
    /// nothing, if it was empty).
    @inlinable @inline(__always) mutating func take() -> Disposable {
        // Moved out and the storage initialised again at once, with no access in between: a
        // `swap` through a temporary moved the existential's five words three times.
        withUnsafeMutablePointer(to: &disposable) { storage in
            let taken = storage.move()
            storage.initialize(to: Empty())
            return taken
        }
    }

    /// No subscription.
    @usableFromInline struct Empty: Disposable {
        @inlinable init() {}
        @inlinable func dispose() {}
    }
}
