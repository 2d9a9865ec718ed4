// Search as you type: keystrokes come faster than an `async` search answers. `flatMapLatest`
// with an async closure starts a search for each new query and cancels the one before, so only
// the latest query's results are shown; the cancelled searches are counted. The view model is
// `@MainActor`: the search closure and the subscriber both run on the main actor and use its
// state. It exits by itself.
import Foundation
import Reactive

/// A search service with the latency of a network: 150 ms an answer. `Task.sleep` throws when
/// the task is cancelled, as `URLSession` does.
actor BookSearch {
    private let titles = ["Swift", "Swift Concurrency", "SwiftUI", "Swift Testing", "RxSwift", "Reactive Streams"]
    private(set) var started = 0
    private(set) var cancelled = 0
    private(set) var answered = 0

    func search(_ query: String) async throws -> [String] {
        started += 1
        do {
            try await Task.sleep(nanoseconds: 150_000_000)
        } catch {
            cancelled += 1
            throw error
        }
        answered += 1
        return titles.filter { $0.lowercased().hasPrefix(query.lowercased()) }
    }
}

@MainActor
final class SearchViewModel {
    let query = PublishRelay<String>()
    private(set) var searching: String?
    private(set) var shown: [String] = []
    private let bag = DisposeBag()

    init(service: BookSearch) {
        query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .distinctUntilChanged()
            .flatMapLatest { query -> [String] in
                // On the main actor: the view model's state, checked by the compiler.
                self.searching = query
                print("  searching \"\(query)\"")
                return try await service.search(query)
            }
            .subscribe(onNext: { [weak self] titles in
                guard let self else { return }
                self.shown = titles
                print("  shown for \"\(self.searching ?? "")\": \(titles)")
            })
            .disposed(by: bag)
    }
}

let service = BookSearch()
let model = SearchViewModel(service: service)

// A fast typist: a keystroke every 40 ms, then a pause longer than a search, twice.
for word in ["swift", "rx"] {
    var typed = ""
    for letter in word {
        typed.append(letter)
        print("typed \"\(typed)\"")
        model.query.accept(typed)
        try await Task.sleep(nanoseconds: 40_000_000)
    }
    try await Task.sleep(nanoseconds: 400_000_000)
}

let started = await service.started
let cancelled = await service.cancelled
let answered = await service.answered
print("searches started: \(started), cancelled: \(cancelled), answered: \(answered)")
print("shown last: \(model.shown)")
precondition(answered + cancelled == started, "every search ended")
precondition(model.shown == ["RxSwift"], "only the latest query's results are shown")
