import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Debug-build check of the event grammar for producers the library does not control
/// (`create`, subjects): events from two threads at once. Events after a terminal event are
/// dropped silently, not reported.
///
/// Same-thread re-entrancy (an observer sending into its own source) is allowed, but reported
/// once per producer: its later subscribers hear the re-entrant event before the one being
/// delivered, so they end on an older value than the producer holds (as in RxSwift, which warns
/// about it too). Release builds compile the checks out; the words stay so that layouts do not
/// depend on the build.
@usableFromInline struct GrammarChecker: ~Copyable, @unchecked Sendable {
    @usableFromInline let owner = Atomic<UInt>(0)
    /// Whether re-entrancy was reported already (once per producer).
    @usableFromInline let reportedReentrancy = Atomic<Bool>(false)

    @inlinable init() {}

    /// Marks this thread as delivering; returns whether it is the outermost delivery to release.
    /// `hasEnded` says whether the producer has sent its terminal event: an event that comes
    /// from another thread after it is dropped, and not reported (debug builds ask it only then).
    @inlinable func enter(_ operatorName: StaticString, hasEnded: () -> Bool) -> Bool {
        #if DEBUG
        let entry = enterLocked()
        if entry == .outermost { return true }
        if entry == .reentrant || !hasEnded() { report(entry, operatorName) }
        return false
        #else
        return false
        #endif
    }

    /// Ends a delivery started by `enter`.
    @inlinable func leave(_ outermost: Bool) {
        #if DEBUG
        if outermost { owner.store(0, ordering: .releasing) }
        #endif
    }

    /// `enter` for a subject, called under its lock once the event was accepted (an event after
    /// a terminal event, dropped, never gets here, so it is not reported however it overlaps),
    /// and reporting nothing yet: `leave(_:_:)` reports after the delivery, outside the lock, so
    /// that a user's handler never runs under it. Taken under the lock, the mark is set before
    /// any other sender can see the subject's state.
    @inlinable func enterLocked() -> Entry {
        #if DEBUG
        let me = currentThreadID()
        let (exchanged, current) = owner.compareExchange(expected: 0, desired: me, ordering: .acquiring)
        if exchanged { return .outermost }
        return current == me ? .reentrant : .concurrent
        #else
        return .outermost
        #endif
    }

    /// Ends a delivery started by `enterLocked`, and reports what it found.
    @inlinable func leave(_ entry: Entry, _ operatorName: StaticString) {
        #if DEBUG
        if entry == .outermost {
            owner.store(0, ordering: .releasing)
        } else {
            report(entry, operatorName)
        }
        #endif
    }

    /// Reports a delivery that was not the outermost: re-entrancy once per producer, every
    /// concurrent delivery.
    @inlinable func report(_ entry: Entry, _ operatorName: StaticString) {
        switch entry {
        case .outermost:
            break
        case .reentrant:
            if !reportedReentrancy.exchange(true, ordering: .relaxed) {
                reportGrammarViolation(.reentrantDelivery, operatorName)
            }
        case .concurrent:
            reportGrammarViolation(.concurrentDelivery, operatorName)
        }
    }

    /// How a delivery began (`enterLocked`).
    @usableFromInline enum Entry {
        case outermost, reentrant, concurrent
    }
}

@usableFromInline func reportGrammarViolation(_ kind: GrammarViolation.Kind, _ operatorName: StaticString) {
    Hooks.grammarViolationHandler(GrammarViolation(kind: kind, operatorName: "\(operatorName)"))
}

/// An identifier of the calling thread, never 0.
@usableFromInline func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
