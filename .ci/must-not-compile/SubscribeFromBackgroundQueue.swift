// Subscribing from inside a `@Sendable` closure: the subscriber's closure is nonisolated there,
// whatever the enclosing class's isolation, so it may not touch the class's main-actor state.
// expected-error: main actor-isolated property 'count' can not be mutated from a nonisolated context
import Dispatch
import Reactive

@MainActor final class Model {
    var count = 0
    let bag = DisposeBag()

    func start(_ source: Observable<Int>) {
        DispatchQueue.global().async {
            source.subscribe(onNext: { self.count = $0 }).disposed(by: self.bag)
        }
    }
}
