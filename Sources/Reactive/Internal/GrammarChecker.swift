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
    @inlinable func enter(_ operatorName: StaticString) -> Bool {
        #if DEBUG
        let me = currentThreadID()
        let (exchanged, current) = owner.compareExchange(expected: 0, desired: me, ordering: .acquiring)
        if exchanged { return true }
        if current != me {
            reportGrammarViolation(.concurrentDelivery, operatorName)
        } else if !reportedReentrancy.exchange(true, ordering: .relaxed) {
            reportGrammarViolation(.reentrantDelivery, operatorName)
        }
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
