// An actor owning a `DisposeBag`, subscribing from a nonisolated method and from isolated ones;
// its closures touch its state.
import Reactive

actor EventCounter {
    private let bag = DisposeBag()
    private(set) var count = 0
    private(set) var names: [String] = []

    /// Nonisolated: the bag is a `let` of a `Sendable` type, and the closure touches nothing of
    /// the actor's.
    nonisolated func log(_ source: Observable<String>, into sink: PublishRelay<String>) {
        source.bind(to: sink).disposed(by: bag)
    }

    func count(_ source: Observable<Int>) {
        source
            .subscribe(onNext: { value in self.count += value })
            .disposed(by: bag)
    }

    func collect(_ source: Observable<[String]>) {
        source
            .subscribe(onNext: { names in self.names += names })
            .disposed(by: bag)
    }

    func first(of source: Observable<Int>) async throws -> Int {
        try await source.take(1).asSingle().value
    }

    func bridged(_ numbers: AsyncStream<Int>) async throws -> [Int] {
        var received: [Int] = []
        for try await value in numbers.asObservable().map({ $0 * 2 }).values { received.append(value) }
        return received
    }

    func sum(of source: Observable<Int>) async throws -> Int {
        var total = 0
        for try await value in source.values { total += value }
        return total
    }
}
