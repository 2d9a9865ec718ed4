import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The library's one lock: a test-and-test-and-set word that yields the CPU under contention.
///
/// Why not `Synchronization.Mutex`: on Linux its futex handoff is invisible to ThreadSanitizer,
/// which then reports every access it guards as a race; this lock's acquire/release atomics are
/// compiled into this module and seen by TSan. Critical sections here are a few loads and stores:
/// the rule of the whole library is decide under the lock, call out after releasing it.
@usableFromInline package struct Lock: ~Copyable, @unchecked Sendable {
    @usableFromInline let word = Atomic<Int>(0)

    @inlinable package init() {}

    @inlinable package func lock() {
        if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        lockSlow()
    }

    @usableFromInline func lockSlow() {
        var spins = 0
        while true {
            if word.load(ordering: .relaxed) == 0,
               word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
                return
            }
            spins += 1
            if spins > 32 { sched_yield() }
        }
    }

    /// Out of line on purpose: the optimiser moves reference-count increments across an inlined
    /// atomic store as if no other thread existed, so a reference copied under the lock could be
    /// retained only after unlocking, when another thread may already have released it. A call
    /// it cannot see into is a barrier to that motion.
    @usableFromInline @inline(never) package func unlock() {
        word.store(0, ordering: .releasing)
    }

    /// Runs `body` holding the lock. `body` must not call out to user code, observers or disposables.
    @inlinable package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the value out of `slot` holding the lock, leaving nil there: for a value that is
    /// used after unlocking (a disposable disposed, a continuation resumed, a closure released),
    /// since that may call back into its owner. The access to `slot` ends when this returns.
    @inlinable package func take<Value>(_ slot: inout Value?) -> Value? {
        lock()
        defer { unlock() }
        return slot.take()
    }
}

/// Carries a value across a concurrency boundary that the library synchronises itself.
@usableFromInline struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline var value: Value
    @inlinable init(_ value: Value) { self.value = value }
}

/// Gives the processor to another thread: a sender waiting for its turn to deliver.
@usableFromInline func waitBriefly() {
    sched_yield()
}
