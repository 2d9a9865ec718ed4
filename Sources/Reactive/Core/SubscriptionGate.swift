import Foundation
import Synchronization

/// Makes "is the sink still live?" and "subscribe the next source" one step, as `dispose()`
/// sees it, for the operators that subscribe a source later, possibly on another thread
/// (`retry`, `retry(when:)`, `catch`, `concat`, `delaySubscription`).
///
/// Checking and then subscribing, a disposal on another thread could come in between: it
/// returned, and then the source was subscribed, and its side effects (a request, a timer)
/// began after `dispose()` returned. Here the subscribing thread checks and subscribes holding
/// the gate, and `close()` takes the gate: so a disposal either comes first (nothing is
/// subscribed) or waits until the source's subscription has started.
///
/// The wait is as short as it can be: the gate is released at the source's first event, or when
/// its `subscribe` returns, whichever comes first, so no downstream code (an observer's
/// closure) runs under it. It is the one place where disposal waits for another thread: for the
/// source's own `subscribe` code, up to its first event. A source whose `subscribe` waits for
/// the thread that disposes would deadlock with it.
@usableFromInline final class SubscriptionGate: @unchecked Sendable {
    // A blocking lock, not the library's spinning one: a disposal may wait here for a source's
    // `subscribe`, which can take a while. Recursive: a disposal from inside that `subscribe`,
    // on the subscribing thread, goes through.
    private let mutex = NSRecursiveLock()
    // Guarded by `mutex`.
    private var closed = false
    /// The thread holding the gate for a subscription in progress, 0 when none. Written only by
    /// that thread, so the one that finds its own identifier here is the holder.
    @usableFromInline let holder = Atomic<UInt>(0)

    /// Runs `subscribe` (a subscription to the next source) holding the gate, unless the gate
    /// is closed; false if it is.
    func subscribeIfOpen(_ subscribe: () -> Void) -> Bool {
        mutex.lock()
        if closed {
            mutex.unlock()
            return false
        }
        let me = currentThreadID()
        assert(holder.load(ordering: .relaxed) != me, "Internal inconsistency: a gate held twice by one subscription")
        holder.store(me, ordering: .relaxed)
        subscribe()
        release(me)
        return true
    }

    /// An event from the source being subscribed: its subscription has started, so the gate
    /// is released (if this thread holds it) before the event goes downstream.
    @inlinable @inline(__always) func sourceStarted() {
        let current = holder.load(ordering: .relaxed)
        if current != 0 && current == currentThreadID() { release(current) }
    }

    /// Releases the gate if `me`, the calling thread, still holds it (the source's first event
    /// may have released it already).
    @usableFromInline func release(_ me: UInt) {
        guard holder.load(ordering: .relaxed) == me else { return }
        holder.store(0, ordering: .relaxed)
        mutex.unlock()
    }

    /// Closes the gate: no subscription starts afterwards. Waits while another thread is
    /// starting one (until its first event or the end of its `subscribe`).
    func close() {
        mutex.lock()
        closed = true
        mutex.unlock()
    }
}
