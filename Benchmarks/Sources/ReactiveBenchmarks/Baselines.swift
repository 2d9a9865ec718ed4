// Hand-written equivalents, measured in the same run.
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
