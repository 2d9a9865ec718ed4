import Synchronization

/// Counts the library's live resources (RxSwift's `Resources`), so tests can prove that every
/// subscription released what it took.
///
/// Counting happens in debug builds only; a release build pays nothing and `total` stays 0.
public enum Resources {
    static let counter = Atomic<Int32>(0)

    /// The number of live observables, sinks, subjects, disposables and scheduled items.
    public static var total: Int32 { counter.load(ordering: .relaxed) }

    /// Counts one more live resource; returns the new total.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Counts one resource fewer; returns the new total.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        counter.wrappingSubtract(1, ordering: .relaxed).newValue
    }

    static let serialQueueObservables = Atomic<Int32>(0)

    /// The number of live `observe(on:)` subscriptions delivering on a serial dispatch queue
    /// scheduler (debug builds; 0 in release builds), as RxSwift's tests read it.
    public static var numberOfSerialDispatchQueueObservables: Int32 { serialQueueObservables.load(ordering: .relaxed) }
}

/// The deepest stack of iterators a sequential operator (concat, catch(sequence:), retry) has
/// run from in debug builds (RxSwift's tail-recursive sink stack; tests reset it and read it):
/// 1 for a subscription, more for nested operators of the same kind opened in place, as in
/// RxSwift (see `SourceStack`: one that is the last source of a collection replaces its parent's
/// iterator, one of a sequence goes on top).
public var maxTailRecursiveSinkStackSize: Int {
    get { tailRecursiveStackSize.load(ordering: .relaxed) }
    set { tailRecursiveStackSize.store(newValue, ordering: .relaxed) }
}

let tailRecursiveStackSize = Atomic<Int>(0)

/// Counts a resource for the lifetime of the object that holds it (debug builds only).
@usableFromInline struct ResourceToken: ~Copyable, Sendable {
    @usableFromInline init() {
        #if DEBUG
        Resources.incrementTotal()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }
}
