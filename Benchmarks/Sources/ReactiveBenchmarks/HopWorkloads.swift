// Thread-hop workloads: events from this thread delivered on a scheduler's queue. Only
// `import Reactive` and RxSwift-compatible API, so this file compiles unchanged against RxSwift
// (with `import RxSwift`) for a side-by-side run. Each returns a checksum.
//
// "Batched": the producer sends every event, then waits for the last delivery (it outruns the
// queue, so events arrive while a delivery is pending). "One by one": it waits for each
// delivery before sending the next (one event a drain).
import Dispatch
import Foundation
import Reactive

/// What a hop's observer counts on the target queue, and how the producer waits for it.
/// Sendable: `count` is written by one delivery at a time and read by the producer only after a
/// semaphore signalled after the write (the semaphore orders the two).
final class HopCounter: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    let step = DispatchSemaphore(value: 0)
    var count = 0
    let expected: Int
    let oneByOne: Bool

    init(expected: Int, oneByOne: Bool) {
        self.expected = expected
        self.oneByOne = oneByOne
    }

    /// Counts a delivery (on the target queue) and wakes the producer when it waits for it.
    @inline(__always) func delivered(_ value: Int) {
        count += value
        if oneByOne {
            step.signal()
        } else if count == expected {
            done.signal()
        }
    }

    /// The producer's wait after each event (one by one) or after the last.
    @inline(__always) func afterSending(last: Bool) {
        if oneByOne {
            step.wait()
        } else if last {
            done.wait()
        }
    }
}

/// Runs `body` on a thread of its own while this (main) thread runs the main run loop, which
/// drains the main queue, until `body` returns.
func whileRunningMainLoop(_ body: @escaping @Sendable () -> Void) {
    let finished = HopFlag()
    let thread = Thread {
        body()
        finished.set()
        DispatchQueue.main.async {}  // wakes the run loop to see the flag
    }
    thread.start()
    while !finished.isSet {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
}

/// Sendable by its lock.
final class HopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}

/// `n` elements from a subject through `observe(on: scheduler)`.
@inline(never) func observeOnHop(_ n: Int, _ scheduler: ImmediateSchedulerType, oneByOne: Bool) -> Int {
    let counter = HopCounter(expected: n, oneByOne: oneByOne)
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: scheduler).subscribe(onNext: { counter.delivered($0) })
    for index in 0..<n {
        subject.onNext(1)
        counter.afterSending(last: index == n - 1)
    }
    subscription.dispose()
    return counter.count
}

let serialHopScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "bench.hop.serial")
let concurrentHopScheduler = ConcurrentDispatchQueueScheduler(qos: .default)

@inline(never) func observeOnSerialBatched(_ n: Int) -> Int { observeOnHop(n, serialHopScheduler, oneByOne: false) }
@inline(never) func observeOnSerialOneByOne(_ n: Int) -> Int { observeOnHop(n, serialHopScheduler, oneByOne: true) }
@inline(never) func observeOnConcurrentBatched(_ n: Int) -> Int { observeOnHop(n, concurrentHopScheduler, oneByOne: false) }
@inline(never) func observeOnConcurrentOneByOne(_ n: Int) -> Int { observeOnHop(n, concurrentHopScheduler, oneByOne: true) }

/// `observe(on: MainScheduler.instance)` fed from a background thread (every `Driver` and
/// `Signal` fed from one), while the main thread runs its run loop.
@inline(never) func observeOnMain(_ n: Int, oneByOne: Bool) -> Int {
    let result = HopResult()
    whileRunningMainLoop { result.value = observeOnHop(n, MainScheduler.instance, oneByOne: oneByOne) }
    return result.value
}

@inline(never) func observeOnMainBatched(_ n: Int) -> Int { observeOnMain(n, oneByOne: false) }
@inline(never) func observeOnMainOneByOne(_ n: Int) -> Int { observeOnMain(n, oneByOne: true) }

/// Written by the body's thread before it sets the finished flag, read after the flag (whose
/// lock orders the two).
final class HopResult: @unchecked Sendable { var value = 0 }

/// `n` subscriptions through `subscribe(on:)` to a source of one element: the subscription, the
/// element and the completion happen on the queue.
@inline(never) func subscribeOnHop(_ n: Int, oneByOne: Bool) -> Int {
    let counter = HopCounter(expected: n, oneByOne: oneByOne)
    let source = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create()
    }
    for index in 0..<n {
        _ = source.subscribe(on: serialHopScheduler).subscribe(onNext: { counter.delivered($0) })
        counter.afterSending(last: index == n - 1)
    }
    return counter.count
}

@inline(never) func subscribeOnBatched(_ n: Int) -> Int { subscribeOnHop(n, oneByOne: false) }
@inline(never) func subscribeOnOneByOne(_ n: Int) -> Int { subscribeOnHop(n, oneByOne: true) }

/// `n` elements through `delay(0, scheduler:)` on a serial queue.
@inline(never) func delayHop(_ n: Int, oneByOne: Bool) -> Int {
    let counter = HopCounter(expected: n, oneByOne: oneByOne)
    let subject = PublishSubject<Int>()
    let subscription = subject.delay(.nanoseconds(0), scheduler: serialHopScheduler).subscribe(onNext: { counter.delivered($0) })
    for index in 0..<n {
        subject.onNext(1)
        counter.afterSending(last: index == n - 1)
    }
    subscription.dispose()
    return counter.count
}

@inline(never) func delayBatched(_ n: Int) -> Int { delayHop(n, oneByOne: false) }
@inline(never) func delayOneByOne(_ n: Int) -> Int { delayHop(n, oneByOne: true) }

/// `n` ticks of `interval` (every 10 µs) on a serial queue.
@inline(never) func intervalTicks(_ n: Int) -> Int {
    let counter = HopCounter(expected: n, oneByOne: false)
    let subscription = Observable<Int>.interval(.microseconds(10), scheduler: serialHopScheduler)
        .take(n)
        .subscribe(onNext: { _ in counter.delivered(1) })
    counter.afterSending(last: true)
    subscription.dispose()
    return counter.count
}
