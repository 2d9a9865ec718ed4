import Synchronization

/// Who handles the end of an inner subscription that may complete inside `subscribe` (a
/// synchronous inner observable such as `just`): the code that started it, once `subscribe` has
/// returned and its subscription is stored, or the inner's completion itself, if it comes later.
///
/// Deciding this with one atomic word lets the common synchronous case end without a second lock
/// round trip, and keeps a subscription from being stored into a slot already given back.
@usableFromInline struct InnerPhase: ~Copyable, @unchecked Sendable {
    @usableFromInline static var starting: Int { 0 }
    @usableFromInline static var started: Int { 1 }
    @usableFromInline static var completedWhileStarting: Int { 2 }

    @usableFromInline let word = Atomic<Int>(0)

    @inlinable init() {}

    /// On the inner's completion: true if it is still starting, so the starter handles the end;
    /// false if the caller must.
    @inlinable func markCompleted() -> Bool {
        word.compareExchange(expected: Self.starting, desired: Self.completedWhileStarting, ordering: .acquiringAndReleasing).exchanged
    }

    /// After `subscribe` returned and the subscription is stored: true if the inner completed
    /// inside it (the caller handles the end), else marks it started.
    @inlinable func markStarted() -> Bool {
        // Read first: `completedWhileStarting` is final, and a synchronous inner observable is
        // the common case, so mostly no read-modify-write is needed.
        word.load(ordering: .acquiring) == Self.completedWhileStarting
            || !word.compareExchange(expected: Self.starting, desired: Self.started, ordering: .acquiringAndReleasing).exchanged
    }

    /// Starting again, for the next inner subscription of the same slot. Only for its owner,
    /// when the previous one has ended.
    @inlinable func reset() {
        word.store(Self.starting, ordering: .relaxed)
    }
}
