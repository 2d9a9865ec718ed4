// A search screen as an app writes it in Swift 6 language mode: a `@MainActor` view model whose
// subscription closures touch its own state, fed by a service that answers on a dispatch queue.
import Dispatch
import Reactive

struct SearchResult: Sendable, Equatable {
    let title: String
}

protocol SearchAPI: Sendable {
    func search(_ query: String) -> Single<[SearchResult]>
}

/// Answers on a queue of its own, as a network client would.
struct QueueSearchService: SearchAPI {
    let queue = DispatchQueue(label: "search")

    func search(_ query: String) -> Single<[SearchResult]> {
        Single.create { single in
            queue.async {
                single(.success(query.isEmpty ? [] : [SearchResult(title: query.uppercased())]))
            }
            return Disposables.create()
        }
    }
}

@MainActor
final class SearchViewModel {
    let query = BehaviorRelay<String>(value: "")
    let results = BehaviorRelay<[SearchResult]>(value: [])
    let selection = PublishRelay<Int>()
    private(set) var titles: [String] = []
    private(set) var isEmpty = true
    private(set) var lastSelected: String?
    private let bag = DisposeBag()

    init(api: SearchAPI, debounce scheduler: SchedulerType = MainScheduler.instance) {
        query
            .debounce(.milliseconds(20), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { api.search($0).asObservable() }
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] results in
                self?.titles = results.map(\.title)
            })
            .disposed(by: bag)

        query
            .debounce(.milliseconds(20), scheduler: scheduler)
            .flatMapLatest { api.search($0).asObservable() }
            .bind(to: results)
            .disposed(by: bag)

        results
            .asDriver()
            .drive(onNext: { [weak self] value in
                self?.isEmpty = value.isEmpty
            })
            .disposed(by: bag)

        selection
            .withLatestFrom(results) { index, results in results.indices.contains(index) ? results[index].title : nil }
            .subscribe(with: self, onNext: { model, title in
                model.lastSelected = title
            })
            .disposed(by: bag)
    }
}

/// The accident of RxSwift's Swift 6 reports: no `observe(on:)` before a closure that touches
/// main-actor state, and a source that sends on a background queue. Here the closure runs on
/// the main actor it was written in.
@MainActor
final class ProgressViewModel {
    private(set) var progress: [Int] = []
    private(set) var finished = false
    private let bag = DisposeBag()

    func track(_ download: Observable<Int>) {
        download
            .subscribe(onNext: { [weak self] value in
                self?.progress.append(value)
            }, onCompleted: { [weak self] in
                self?.finished = true
            })
            .disposed(by: bag)
    }
}

/// A background download that reports its progress from a queue.
func download(steps: Int) -> Observable<Int> {
    Observable.create { observer in
        DispatchQueue.global().async {
            for step in 1...steps { observer.onNext(step) }
            observer.onCompleted()
        }
        return Disposables.create()
    }
}
