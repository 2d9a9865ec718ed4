// Async services inside Rx chains, as a Swift 6 app writes them: `flatMapLatest { try await … }`
// in a `@MainActor` view model whose closures touch its state, `concatMap` into an actor, a
// `Driver` fed by an async call, and a helper of the app's own that subscribes for its caller
// and keeps the caller's isolation.
import Reactive

struct Book: Sendable, Equatable {
    let id: Int
    let title: String
}

/// An async service, as a network client's API is written today.
struct BookAPI: Sendable {
    func search(_ query: String) async throws -> [Book] {
        try await Task.sleep(nanoseconds: 1_000_000)
        return query.isEmpty ? [] : [Book(id: query.count, title: query.capitalized)]
    }
}

/// An actor that loads and keeps books: `concatMap`'s closure awaits it.
actor BookStore {
    private(set) var loads = 0

    func load(_ id: Int) -> Book {
        loads += 1
        return Book(id: id, title: "Book \(id)")
    }
}

@MainActor
final class BookSearchViewModel {
    let query = PublishRelay<String>()
    let opened = PublishRelay<Int>()
    private(set) var searchesStarted = 0
    private(set) var titles: [String] = []
    private(set) var openedTitles: [String] = []
    private(set) var headline = ""
    private let bag = DisposeBag()

    init(api: BookAPI, store: BookStore) {
        query
            .distinctUntilChanged()
            .flatMapLatest { query -> [Book] in
                // Written on the main actor, run on it: main-actor state, checked. (The result
                // type is written because `catchAndReturn([])` below cannot tell it, as with
                // every multi-statement closure of a generic operator.)
                self.searchesStarted += 1
                return try await api.search(query)
            }
            .catchAndReturn([])
            .subscribe(onNext: { [weak self] books in self?.titles = books.map(\.title) })
            .disposed(by: bag)

        opened
            .concatMap { await store.load($0) }
            .subscribe(onNext: { [weak self] book in self?.openedTitles.append(book.title) })
            .disposed(by: bag)

        query
            .asDriver(onErrorJustReturn: "")
            .flatMapLatest { query in (try? await api.search(query).first?.title) ?? "" }
            .drive(onNext: { [weak self] title in self?.headline = title })
            .disposed(by: bag)
    }
}

/// An actor whose chain's closure uses its own state.
actor ReadingList {
    private(set) var added: [Int] = []
    private let bag = DisposeBag()

    func track(_ ids: Observable<Int>, api: BookAPI) {
        ids
            .flatMap { id in
                self.added.append(id)
                return try await api.search(String(repeating: "b", count: id))
            }
            .subscribe()
            .disposed(by: bag)
    }
}

extension ObservableType {
    /// An app's own helper that subscribes for its caller. It takes the caller's isolation and
    /// passes it on: the closure, written in `@MainActor` code, then runs on the main actor, as
    /// it would given to `subscribe` directly. Without `isolation`, it would run on whichever
    /// thread sends, silently.
    func onEachElement(isolation: isolated (any Actor)? = #isolation, _ body: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: body, isolation: isolation)
    }
}

@MainActor
final class ReadingProgress {
    private(set) var pages: [Int] = []
    private(set) var offMainActor = 0
    private let bag = DisposeBag()

    func follow(_ pagesRead: Observable<Int>) {
        pagesRead
            .onEachElement { page in
                MainActor.preconditionIsolated()
                self.pages.append(page)
            }
            .disposed(by: bag)
    }
}
