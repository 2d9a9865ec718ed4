// The same observer, its isolated conformance inferred (Swift 6.2's InferIsolatedConformances,
// on by default in approachable-concurrency app targets), handed to `subscribe`.
// expected-error: conformance of 'Counter' to protocol 'ObserverType' crosses into main actor-isolated code and can cause data races
// flags: -enable-upcoming-feature InferIsolatedConformances
import Reactive

@MainActor final class Counter: ObserverType {
    var count = 0
    func on(_ event: Event<Int>) { count += 1 }
}

@MainActor func wire(_ source: Observable<Int>) -> Disposable {
    source.subscribe(Counter())
}
