// What the test targets share for tests that run on several threads: values behind a lock, a
// flag, a contract checker, and bounded waits. One module, so that each exists once (`package`
// access: visible to this package's test targets, not to users of the library).
import Foundation
import Synchronization

/// Counts safely across threads.
package final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = 0
    package init() {}
    package var value: Int { lock.withLock { storage } }
    @discardableResult package func increment() -> Int { lock.withLock { storage += 1; return storage } }
    @discardableResult package func decrement() -> Int { lock.withLock { storage -= 1; return storage } }
    package func set(_ value: Int) { lock.withLock { storage = value } }
}

/// Collects values safely across threads.
package final class Collector<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    package init() {}
    package var values: [Value] { lock.withLock { storage } }
    package func append(_ value: Value) { lock.withLock { storage.append(value) } }
    package func removeAll() { lock.withLock { storage.removeAll() } }
}

/// A value read and changed safely across threads.
package final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value
    package init(_ value: Value) { storage = value }
    package var value: Value { lock.withLock { storage } }
    package func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&storage) } }
}

/// Set once, read from any thread. Atomic rather than locked: a thread that spins on `isSet`
/// must not hold up the one that sets it.
package final class Flag: Sendable {
    private let storage = Atomic<Bool>(false)
    package init() {}
    package var isSet: Bool { storage.load(ordering: .acquiring) }
    package func set() { storage.store(true, ordering: .releasing) }
}

/// Hands a value to another thread in a test that synchronises access itself.
package struct Unchecked<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// Counts deliveries to an observer and those that began while another was in progress
/// (`enter` at a delivery's start, `leave` at its end): the Rx contract wants none.
package final class ContractChecker: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private var overlapCount = 0
    private var deliveredCount = 0
    package init() {}
    package var overlaps: Int { lock.withLock { overlapCount } }
    package var delivered: Int { lock.withLock { deliveredCount } }

    package func enter() {
        lock.withLock {
            if inside { overlapCount += 1 }
            inside = true
            deliveredCount += 1
        }
    }

    package func leave() { lock.withLock { inside = false } }
}

/// Waits `nanoseconds` without yielding the thread (a delivery that takes a while, a window
/// for another thread to act in).
package func spinWait(nanoseconds: UInt64) {
    let end = DispatchTime.now().uptimeNanoseconds + nanoseconds
    while DispatchTime.now().uptimeNanoseconds < end {}
}

/// Sleeps a millisecond at a time until `condition` holds or `timeout` seconds have passed: a
/// wait for another thread that a loaded machine can slow down but not hang. The caller asserts
/// what it needs afterwards.
package func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.001)
    }
}

/// Runs the main run loop until `condition` holds or `timeout` seconds have passed (for work
/// scheduled on the main queue or run loop from a test on the main thread).
package func runMainLoop(until condition: () -> Bool, timeout: TimeInterval) {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() && Date() < deadline {
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
    }
}

/// Lets the main-queue work queued before this call run first (the main queue is first in,
/// first out): what an earlier test left there would otherwise make `MainScheduler` queue work
/// that should run at once.
package func drainMainQueue() {
    let drained = Flag()
    DispatchQueue.main.async { drained.set() }
    runMainLoop(until: { drained.isSet }, timeout: 10)
}

/// The thread's stack pointer in this call: the difference between two calls on one thread is
/// the stack used between them.
///
/// Read from the registers `getcontext` saves, not from a local's address: AddressSanitizer moves
/// locals whose address is taken to a "fake stack" on the heap (to catch uses after return), so
/// a local's address says nothing about the real stack in the ASan run of the suite.
@inline(never) package func stackAddress() -> Int {
    var context = ucontext_t()
    _ = getContext(&context)
    #if arch(x86_64)
    return Int(context.uc_mcontext.gregs.15)  // REG_RSP
    #elseif arch(arm64)
    return Int(bitPattern: UInt(context.uc_mcontext.sp))
    #else
    #error("stackAddress: the stack pointer's register is not known on this architecture")
    #endif
}

/// glibc's `getcontext`, which Swift does not import (it is declared `returns_twice`, which only
/// matters to a caller that later resumes the context with `setcontext`; this one never does).
private let getContext: @convention(c) (UnsafeMutablePointer<ucontext_t>) -> Int32 = {
    guard let symbol = dlsym(nil, "getcontext") else { fatalError("getcontext not found") }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<ucontext_t>) -> Int32).self)
}()
