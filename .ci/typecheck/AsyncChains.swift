// Compiled by .ci/run with a 2-second limit per expression: realistic chains with the async
// flattening operators (beside their sync overloads, which the same spellings must not slow down).
import Foundation
import Reactive

struct Article: Sendable {
    let id: Int
    let title: String
}

struct NewsAPI: Sendable {
    func search(_ query: String) async throws -> [Article] { [] }
    func article(_ id: Int) async throws -> Article { Article(id: id, title: "") }
    func markRead(_ id: Int) async {}
}

@MainActor final class NewsViewModel {
    let api = NewsAPI()
    var inFlight = 0

    func chains(query: Observable<String>, ids: Observable<Int>, refresh: Observable<Void>, filter: Observable<String>) -> [Observable<String>] {
        [
            query
                .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .distinctUntilChanged()
                .filter { !$0.isEmpty }
                .flatMapLatest { try await self.api.search($0) }
                .map { $0.map(\.title).joined(separator: ", ") }
                .catchAndReturn(""),
            ids
                .concatMap { id in
                    self.inFlight += 1
                    defer { self.inFlight -= 1 }
                    return try await self.api.article(id)
                }
                .map { "\($0.id): \($0.title)" },
            Observable.combineLatest(refresh.startWith(()), filter) { _, filter in filter }
                .flatMapFirst { filter in try await self.api.search(filter).count }
                .map { "\($0) results" }
                .retry(2)
                .catchAndReturn("offline"),
            ids
                .flatMap { id in await self.api.markRead(id); return id }
                .scan(0) { count, _ in count + 1 }
                .map { "\($0) read" },
            query
                .flatMapLatest { Observable.just($0.uppercased()) }
                .flatMap { text in Observable.of(text, text.lowercased()) }
                .concatMap { Observable.just($0 + "!") },
        ]
    }

    func drivers(query: Driver<String>, taps: Signal<Int>) -> (Driver<Int>, Signal<String>) {
        (query.flatMapLatest { query in (try? await self.api.search(query).count) ?? 0 },
         taps.flatMapFirst { id in (try? await self.api.article(id).title) ?? "" })
    }

    func traits(id: Single<Int>, maybe: Maybe<Int>, stream: Infallible<Int>) -> (Single<String>, Maybe<Article>, Infallible<Int>) {
        (id.flatMap { try await self.api.article($0) }.map { $0.title },
         maybe.flatMap { try await self.api.article($0) },
         stream.concatMap { id in await self.api.markRead(id); return id })
    }
}
