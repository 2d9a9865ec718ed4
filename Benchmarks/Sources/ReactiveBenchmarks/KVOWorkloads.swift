// Key-value observing workloads, and Swift Observation doing the same as the peer.
import Dispatch
import Observation
import Reactive
import ReactiveKVO

final class BenchPerson: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var age = 0
}

@Observable final class BenchObservablePerson {
    var age = 0
}

/// Sets an `@Observed` property `n` times with no observer.
@inline(never) func kvoSetNoObservers(_ n: Int) -> Int {
    let person = BenchPerson()
    escape(person)
    for value in 1...n { person.age = opaqueIdentity(value) }
    return person.age
}

/// Sets an `@Observed` property `n` times with one block observer.
@inline(never) func kvoSetOneBlockObserver(_ n: Int) -> Int {
    let person = BenchPerson()
    var sum = 0
    let token = try? person.observe("age") { _, _ in sum += 1 }
    for value in 1...n { person.age = opaqueIdentity(value) }
    token?.invalidate()
    return sum
}

/// Sets an `@Observed` property `n` times with one `rx.observe` subscriber.
@inline(never) func kvoSetOneRxSubscriber(_ n: Int) -> Int {
    let person = BenchPerson()
    var sum = 0
    let subscription = person.rx.observe(Int.self, "age", options: [.new]).subscribe(onNext: { _ in sum += 1 })
    for value in 1...n { person.age = opaqueIdentity(value) }
    subscription.dispose()
    return sum
}

/// Sets an `@Observable` property `n` times with no observer (the peer's cost of a set).
@inline(never) func observationSetNoObservers(_ n: Int) -> Int {
    let person = BenchObservablePerson()
    escape(person)
    for value in 1...n { person.age = opaqueIdentity(value) }
    return person.age
}

/// `n` changes each observed by re-arming `withObservationTracking` (the peer's one-change cost).
@inline(never) func observationTrackingRearmed(_ n: Int) -> Int {
    let person = BenchObservablePerson()
    final class Box: @unchecked Sendable { var count = 0 }
    let box = Box()
    for value in 1...n {
        withObservationTracking { _ = person.age } onChange: { box.count += 1 }
        person.age = value
    }
    return box.count
}

final class BenchOwner: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var address: BenchAddress? = BenchAddress()
}

final class BenchAddress: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var street: BenchStreet? = BenchStreet()
}

final class BenchStreet: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var number = 0
    @Observed var names: [String] = []
}

/// `n` sets with `observers` block observers on the key (returns `n` when every one is told).
@inline(never) func kvoSetObservers(_ n: Int, observers: Int) -> Int {
    let person = BenchPerson()
    var sum = 0
    let tokens = (0..<observers).compactMap { _ in try? person.observe("age") { _, _ in sum += 1 } }
    for value in 1...n { person.age = opaqueIdentity(value) }
    tokens.forEach { $0.invalidate() }
    return sum / observers
}

/// `n` changes of the last step of a 3-step dotted path (`address.street.number`), one observer.
@inline(never) func kvoDottedPathChange(_ n: Int) -> Int {
    let owner = BenchOwner()
    var sum = 0
    let token = try? owner.observe("address.street.number", options: [.new]) { _, _ in sum += 1 }
    let street = owner.address?.street
    for value in 1...n { street?.number = opaqueIdentity(value) }
    token?.invalidate()
    return sum
}

/// `n` appends through `mutableArrayValue(forKey:)` with one observer.
@inline(never) func kvoMutableArrayAppend(_ n: Int) -> Int {
    let street = BenchStreet()
    var sum = 0
    let token = try? street.observe("names", options: [.new]) { _, _ in sum += 1 }
    guard let names = try? street.mutableArrayValue(forKey: "names") else { return 0 }
    for _ in 0..<n { try? names.append("x") }
    token?.invalidate()
    return sum
}

/// `n` changes each delivered through Swift's `Observations` async sequence (the peer's newest
/// API): the producer waits for each change to arrive, since `Observations` coalesces changes
/// made before its consumer runs.
@inline(never) func observationsAsyncSequence(_ n: Int) -> Int {
    final class Shared: @unchecked Sendable {
        let person = BenchObservablePerson()
        let received = DispatchSemaphore(value: 0)
        var count = 0
    }
    let shared = Shared()
    let started = DispatchSemaphore(value: 0)
    let task = Task.detached {
        var first = true
        for await _ in Observations({ shared.person.age }) {
            if first {
                first = false
                started.signal()
                continue
            }
            shared.count += 1
            shared.received.signal()
            if shared.count == n { break }
        }
    }
    started.wait()
    for value in 1...n {
        shared.person.age = value
        // A change that never arrives fails the checksum instead of hanging the run.
        if shared.received.wait(timeout: .now() + 5) == .timedOut { break }
    }
    task.cancel()
    return shared.count
}
