// `values`, `value` and `AsyncSequence` bridges from `@MainActor` code.
import Reactive

@MainActor
final class DashboardModel {
    private(set) var total = 0
    private(set) var user = ""
    private(set) var cached: String?
    private(set) var ticks: [Int] = []
    private(set) var texts: [String] = []

    func load(from repository: Repository) async throws {
        user = try await repository.user(id: 1).value
        cached = try await repository.cached(id: 1).value
        try await repository.save().value
        total = try await repository.count().take(1).asSingle().value
        for try await value in Observable.from([1, 2, 3]).values { total += value }
        for await tick in repository.ticks().values { ticks.append(tick) }
        for await text in Observable.just("driven").asDriver(onErrorJustReturn: "").values { texts.append(text) }
    }

    func bridge() async throws -> [Int] {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        var received: [Int] = []
        for try await value in Observable.from(stream).values { received.append(value) }
        return received
    }
}
