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
