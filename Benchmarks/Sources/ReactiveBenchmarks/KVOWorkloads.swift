// Key-value observing workloads, and Swift Observation doing the same as the peer.
import Observation
import Reactive
import ReactiveKVO

final class BenchPerson: KeyValueObservable {
    @Observed var age = 0
}

@Observable final class BenchObservablePerson {
    var age = 0
}

/// Sets an `@Observed` property `n` times with no observer.
@inline(never) func kvoSetNoObservers(_ n: Int) -> Int {
    let person = BenchPerson()
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
