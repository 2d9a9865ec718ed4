// A Driver's `values` is main-actor isolated, as RxCocoa's: a nonisolated synchronous function
// cannot reach it.
// expected-error: main actor-isolated property 'values' can not be referenced from a nonisolated context
import Reactive

func stream(_ titles: Driver<String>) -> AsyncStream<String> {
    titles.values
}
