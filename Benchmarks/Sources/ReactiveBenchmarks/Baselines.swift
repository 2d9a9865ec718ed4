// Hand-written equivalents, measured in the same run.
import Dispatch
import Foundation
import Synchronization

/// Lock + snapshot of the observer array + closure call, per event.
final class BaselineSubject: @unchecked Sendable {
    struct Observer: @unchecked Sendable { let call: (Int) -> Void }
    private let observers = Mutex<[Observer]>([])
    func subscribe(_ observer: @escaping (Int) -> Void) {
        observers.withLock { $0.append(Observer(call: observer)) }
    }
    func send(_ value: Int) {
        let snapshot = observers.withLock { $0 }
        for observer in snapshot { observer.call(value) }
    }
}

@inline(never) func baselineSubjectPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = BaselineSubject()
    subject.subscribe { sum += $0 }
    for _ in 0..<n { subject.send(1) }
    return sum
}

/// A chain of 12 closures (six map/filter pairs), per event.
@inline(never) func makeClosureChain(_ sink: @escaping (Int) -> Void) -> (Int) -> Void {
    var chain = sink
    for _ in 0..<6 {
        let afterFilter = chain
        let filter: (Int) -> Void = { value in if opaqueTrue(value) { afterFilter(value) } }
        let map: (Int) -> Void = { value in filter(opaqueIdentity(value)) }
        chain = map
    }
    return chain
}

@inline(never) func opaqueTrue(_ value: Int) -> Bool { value != Int.min }
@inline(never) func opaqueIdentity(_ value: Int) -> Int { value }

/// Hands `object` to code the optimiser cannot see, so that it stays on the heap and is
/// treated as shared, as an app's model object is (not promoted to the stack).
@inline(never) func escape(_ object: AnyObject) { escaped = object }
nonisolated(unsafe) var escaped: AnyObject?

@inline(never) func baselineClosureChainPumping(_ n: Int) -> Int {
    var sum = 0
    let chain = makeClosureChain { sum += $0 }
    for _ in 0..<n { chain(1) }
    return sum
}

/// A one-element source written by hand: what `Observable.just` is to a `flatMap` level.
final class BaselineJust {
    let value: Int
    init(_ value: Int) { self.value = value }
    @inline(never) func run(_ next: (Int) -> Void) { next(value) }
}

/// Five nested `flatMap { just($0) }` by hand, per event: at each level a one-element source is
/// allocated (kept on the heap, as the user's `just` is), run into the next level, and released.
@inline(never) func baselineFlatMapsPumping(_ n: Int) -> Int {
    var sum = 0
    var chain: (Int) -> Void = { sum += $0 }
    for _ in 0..<5 {
        let next = chain
        chain = { value in
            let just = BaselineJust(value)
            escape(just)
            just.run(next)
        }
    }
    for _ in 0..<n { chain(1) }
    escaped = nil
    return sum
}

/// One level of a 4-way `combineLatest` by hand: under a lock, store the source's value into
/// the latest row and read the row; after unlocking, run the selector and call the next level.
final class BaselineCombineLevel: @unchecked Sendable {
    private let latest = Mutex<(Int, Int, Int, Int)>((1, 1, 1, 0))
    private let next: (Int) -> Void
    init(next: @escaping (Int) -> Void) { self.next = next }
    @inline(never) func on(_ value: Int) {
        let row = latest.withLock { row -> (Int, Int, Int, Int) in
            row.3 = value
            return row
        }
        next(opaqueIdentity(row.3))
    }
}

/// Seven nested 4-way `combineLatest` by hand, per event (the source innermost).
@inline(never) func baselineCombineLatestPumping(_ n: Int) -> Int {
    var sum = 0
    var next: (Int) -> Void = { sum += $0 }
    var levels: [BaselineCombineLevel] = []
    for _ in 0..<7 {
        let level = BaselineCombineLevel(next: next)
        levels.append(level)
        next = { level.on($0) }
    }
    for _ in 0..<n { next(1) }
    withExtendedLifetime(levels) {}
    return sum
}

// MARK: Thread hops

/// The cheapest correct hop by hand: a lock, a buffer, one dispatch per batch of events that
/// arrive while a drain is pending, and a drain loop on the target queue (two buffers swapped,
/// so a batch allocates nothing but its dispatch). As a delay (`afterZero`), each event is
/// stamped with the clock when it arrives (a delay owes every event its own wait) and the
/// drain is dispatched with `asyncAfter`. Sendable: `buffer` and `pending` are touched under
/// `lock`; `draining` by the one drain running at a time.
final class BaselineHop: @unchecked Sendable {
    /// The monotonic clock read directly, as `delay` reads it (`DispatchTime.now()` costs about
    /// 50 instructions more in `dispatch_time`).
    private func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    private let lock = NSLock()
    private var buffer: [(stamp: UInt64, value: Int)] = []
    private var draining: [(stamp: UInt64, value: Int)] = []
    private var pending = false
    private let queue: DispatchQueue
    private let afterZero: Bool
    private let deliver: (Int) -> Void

    /// `afterZero`: dispatch with `asyncAfter(deadline: .now())` (a timer), as a delay does.
    init(queue: DispatchQueue, afterZero: Bool = false, deliver: @escaping (Int) -> Void) {
        self.queue = queue
        self.afterZero = afterZero
        self.deliver = deliver
    }

    func send(_ value: Int) {
        let stamp = afterZero ? monotonicNanoseconds() : 0
        lock.lock()
        buffer.append((stamp, value))
        let start = !pending
        pending = true
        lock.unlock()
        guard start else { return }
        if afterZero {
            queue.asyncAfter(deadline: .now()) { self.drain() }
        } else {
            queue.async { self.drain() }
        }
    }

    private func drain() {
        while true {
            lock.lock()
            if buffer.isEmpty {
                pending = false
                lock.unlock()
                return
            }
            swap(&buffer, &draining)
            lock.unlock()
            for event in draining { deliver(event.value) }
            draining.removeAll(keepingCapacity: true)
        }
    }
}

let baselineHopQueue = DispatchQueue(label: "bench.hop.baseline")

/// The hop fed by the hand-written subject (`BaselineSubject`), as the workloads feed
/// `observe(on:)` from a `PublishSubject`: the floor of the whole path, subject included.
@inline(never) func baselineHop(_ n: Int, queue: DispatchQueue, afterZero: Bool = false, oneByOne: Bool) -> Int {
    let counter = HopCounter(expected: n, oneByOne: oneByOne)
    let hop = BaselineHop(queue: queue, afterZero: afterZero) { counter.delivered($0) }
    let subject = BaselineSubject()
    subject.subscribe { hop.send($0) }
    for index in 0..<n {
        subject.send(1)
        counter.afterSending(last: index == n - 1)
    }
    return counter.count
}

@inline(never) func baselineHopBatched(_ n: Int) -> Int { baselineHop(n, queue: baselineHopQueue, oneByOne: false) }
@inline(never) func baselineHopOneByOne(_ n: Int) -> Int { baselineHop(n, queue: baselineHopQueue, oneByOne: true) }
@inline(never) func baselineConcurrentHopBatched(_ n: Int) -> Int { baselineHop(n, queue: .global(), oneByOne: false) }
@inline(never) func baselineConcurrentHopOneByOne(_ n: Int) -> Int { baselineHop(n, queue: .global(), oneByOne: true) }
@inline(never) func baselineDelayBatched(_ n: Int) -> Int { baselineHop(n, queue: baselineHopQueue, afterZero: true, oneByOne: false) }
@inline(never) func baselineDelayOneByOne(_ n: Int) -> Int { baselineHop(n, queue: baselineHopQueue, afterZero: true, oneByOne: true) }

@inline(never) func baselineMainHop(_ n: Int, oneByOne: Bool) -> Int {
    let result = HopResult()
    whileRunningMainLoop { result.value = baselineHop(n, queue: .main, oneByOne: oneByOne) }
    return result.value
}

@inline(never) func baselineMainHopBatched(_ n: Int) -> Int { baselineMainHop(n, oneByOne: false) }
@inline(never) func baselineMainHopOneByOne(_ n: Int) -> Int { baselineMainHop(n, oneByOne: true) }

/// A subscription made on a queue, by hand: what `subscribe(on:)` needs at least, like for like.
/// Its state (cancelled before the work ran; the source still subscribed) is guarded by `lock`.
final class BaselineScheduledSubscription: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var sourceSubscribed = false
    private let deliver: (Int) -> Void

    init(deliver: @escaping (Int) -> Void) { self.deliver = deliver }

    /// On the queue: subscribes the source (one element, then its completion) unless cancelled;
    /// the completion ends the source's subscription in place, as `subscribe(on:)` does for a
    /// source that ended itself (only a source of the user's has it disposed by a second block).
    func run() {
        lock.lock()
        let subscribe = !cancelled
        sourceSubscribed = subscribe
        lock.unlock()
        guard subscribe else { return }
        deliver(1)
        disposeSource()
    }

    private func disposeSource() {
        lock.lock()
        sourceSubscribed = false
        lock.unlock()
    }
}

/// Per subscription: one object, one dispatch to subscribe, the element delivered, the source's
/// subscription ended.
@inline(never) func baselineSubscribeOn(_ n: Int, oneByOne: Bool) -> Int {
    let counter = HopCounter(expected: n, oneByOne: oneByOne)
    for index in 0..<n {
        let subscription = BaselineScheduledSubscription { counter.delivered($0) }
        baselineHopQueue.async { subscription.run() }
        counter.afterSending(last: index == n - 1)
    }
    return counter.count
}

@inline(never) func baselineSubscribeOnBatched(_ n: Int) -> Int { baselineSubscribeOn(n, oneByOne: false) }
@inline(never) func baselineSubscribeOnOneByOne(_ n: Int) -> Int { baselineSubscribeOn(n, oneByOne: true) }

/// A repeating dispatch timer counting its ticks: what `interval` needs at least.
@inline(never) func baselineTimerTicks(_ n: Int) -> Int {
    let counter = HopCounter(expected: n, oneByOne: false)
    let timer = DispatchSource.makeTimerSource(queue: baselineHopQueue)
    timer.schedule(deadline: .now() + .microseconds(10), repeating: .microseconds(10))
    timer.setEventHandler {
        if counter.count < n { counter.delivered(1) }
    }
    timer.resume()
    counter.afterSending(last: true)
    timer.cancel()
    return counter.count
}

/// flatMapLatest's floor with an async closure: a `Task` per element under a lock, cancelling the
/// previous element's; a task's result is kept only if no element came after its own.
final class BaselineLatestTask: Sendable {
    private struct State {
        var generation = 0
        var current: Task<Void, Never>?
        var sourceDone = false
        var latestEnded = false
        var last = 0
    }
    private let state = Mutex(State())
    let ended = DispatchSemaphore(value: 0)

    func send(_ value: Int) {
        state.withLock { state in
            state.generation += 1
            let mine = state.generation
            state.current?.cancel()
            state.latestEnded = false
            state.current = Task {
                let result = await returnsAtOnce(value)
                let end = self.state.withLock { state -> Bool in
                    guard state.generation == mine, !Task.isCancelled else { return false }
                    state.last = result
                    state.latestEnded = true
                    return state.sourceDone
                }
                if end { self.ended.signal() }
            }
        }
    }

    func complete() -> Int {
        let end = state.withLock { state -> Bool in
            state.sourceDone = true
            return state.latestEnded
        }
        if !end { ended.wait() }
        return state.withLock { $0.last }
    }
}

@inline(never) func baselineLatestTask(_ n: Int) -> Int {
    let latest = BaselineLatestTask()
    for value in 1...n { latest.send(value) }
    return latest.complete()
}

/// concatMap's floor with an async closure: elements wait in a queue under a lock; each one's
/// `Task` starts when the previous one's has ended.
final class BaselineConcatTask: Sendable {
    private struct State {
        var waiting: [Int] = []
        var head = 0
        var running = false
        var sourceDone = false
        var last = 0
    }
    private let state = Mutex(State())
    let ended = DispatchSemaphore(value: 0)

    func send(_ value: Int) {
        let start = state.withLock { state -> Bool in
            if state.running {
                state.waiting.append(value)
                return false
            }
            state.running = true
            return true
        }
        if start { run(value) }
    }

    private func run(_ value: Int) {
        Task {
            let result = await returnsAtOnce(value)
            let (next, end) = self.state.withLock { state -> (Int?, Bool) in
                state.last = result
                if state.head < state.waiting.count {
                    state.head += 1
                    return (state.waiting[state.head - 1], false)
                }
                state.running = false
                return (nil, state.sourceDone)
            }
            if let next { self.run(next) }
            if end { self.ended.signal() }
        }
    }

    func complete() -> Int {
        let end = state.withLock { state -> Bool in
            state.sourceDone = true
            return !state.running
        }
        if !end { ended.wait() }
        return state.withLock { $0.last }
    }
}

@inline(never) func baselineConcatTask(_ n: Int) -> Int {
    let concat = BaselineConcatTask()
    for value in 1...n { concat.send(value) }
    return concat.complete()
}
