// An ordinary app file, written once against RxSwift 6's API: five view models and two services.
// Compiled against this library as it is, and against RxSwift 6.10 + RxRelay by swapping the
// import (see measure), to tell what the library costs an app's build: compile time, object size.
import Reactive
import Foundation

// MARK: - Model

struct Product: Equatable {
    let id: Int
    let name: String
    let price: Double
    let category: String
}

struct CartLine: Equatable {
    let product: Product
    var quantity: Int
}

struct User: Equatable {
    let id: Int
    let name: String
    let isPremium: Bool
}

enum AppError: Error, Equatable {
    case offline
    case unauthorized
    case server(code: Int)
}

enum AnalyticsEvent {
    case screen(String)
    case action(String, Int)
}

// MARK: - Services

final class APIClient {
    private let catalogue: [Product]
    private let scheduler: SchedulerType
    private let failures = BehaviorRelay<Int>(value: 0)

    init(scheduler: SchedulerType) {
        self.scheduler = scheduler
        self.catalogue = (1...40).map { Product(id: $0, name: "Item \($0)", price: Double($0) * 1.5, category: $0 % 3 == 0 ? "books" : "tools") }
    }

    func search(_ query: String) -> Single<[Product]> {
        let catalogue = self.catalogue
        return Single<[Product]>.create { single in
            if query == "offline" { single(.failure(AppError.offline)) } else {
                single(.success(catalogue.filter { $0.name.lowercased().contains(query.lowercased()) }))
            }
            return Disposables.create()
        }
        .delay(.milliseconds(20), scheduler: scheduler)
    }

    func product(id: Int) -> Maybe<Product> {
        guard let product = catalogue.first(where: { $0.id == id }) else { return .empty() }
        return .just(product)
    }

    func login(name: String, password: String) -> Single<User> {
        let attempt = failures
        return Observable<User>.deferred {
            guard password.count >= 4 else { return .error(AppError.unauthorized) }
            attempt.accept(attempt.value + 1)
            return .just(User(id: name.count, name: name, isPremium: name.hasPrefix("vip")))
        }
        .timeout(.seconds(5), scheduler: scheduler)
        .retry(when: { errors in
            errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                guard attempt < 2, (error as? AppError) != .unauthorized else { return .error(error) }
                return Observable<Int>.timer(.milliseconds(10 << attempt), scheduler: self.scheduler)
            }
        })
        .asSingle()
    }

    func upload(_ lines: [CartLine]) -> Completable {
        Completable.create { completable in
            if lines.isEmpty { completable(.error(AppError.server(code: 400))) } else { completable(.completed) }
            return Disposables.create()
        }
    }

    func prices() -> Observable<[Int: Double]> {
        Observable<Int>.interval(.seconds(1), scheduler: scheduler)
            .map { tick in Dictionary(uniqueKeysWithValues: (1...5).map { ($0, Double($0 + tick % 3)) }) }
            .share(replay: 1, scope: .whileConnected)
    }
}

final class AnalyticsService {
    let events = PublishSubject<AnalyticsEvent>()
    private(set) var sent: [String] = []
    private let disposeBag = DisposeBag()

    init(scheduler: SchedulerType) {
        events
            .map { event -> String in
                switch event {
                case .screen(let name): return "screen:\(name)"
                case .action(let name, let value): return "action:\(name)=\(value)"
                }
            }
            .buffer(timeSpan: .seconds(2), count: 10, scheduler: scheduler)
            .filter { !$0.isEmpty }
            .observe(on: scheduler)
            .subscribe(onNext: { [weak self] batch in self?.sent.append(contentsOf: batch) })
            .disposed(by: disposeBag)
    }

    func track(_ event: AnalyticsEvent) { events.onNext(event) }
}

// MARK: - View models

final class SearchViewModel {
    let query = BehaviorRelay<String>(value: "")
    let results: Observable<[String]>
    let isLoading: Observable<Bool>
    let errorMessage: Observable<String>
    private let loading = BehaviorSubject<Bool>(value: false)
    private let errors = PublishRelay<String>()

    init(api: APIClient, analytics: AnalyticsService, scheduler: SchedulerType) {
        let loading = self.loading
        let errors = self.errors
        results = query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .distinctUntilChanged()
            .debounce(.milliseconds(300), scheduler: scheduler)
            .filter { $0.count >= 2 }
            .do(onNext: { analytics.track(.action("search", $0.count)) })
            .flatMapLatest { query -> Observable<[Product]> in
                loading.onNext(true)
                return api.search(query)
                    .asObservable()
                    .catch { error in
                        errors.accept("Search failed: \(error)")
                        return .just([])
                    }
                    .do(onDispose: { loading.onNext(false) })
            }
            .map { products in products.sorted { $0.price < $1.price }.map { "\($0.name) – \($0.price)" } }
            .observe(on: MainScheduler.instance)
            .share(replay: 1)
        isLoading = loading.asObservable().distinctUntilChanged()
        errorMessage = errors.asObservable()
    }
}

final class CartViewModel {
    let add = PublishRelay<Product>()
    let remove = PublishRelay<Int>()
    let lines: Observable<[CartLine]>
    let total: Observable<String>
    let badge: Observable<String>
    let checkout = PublishSubject<Void>()
    let checkoutResult: Observable<Result<Int, AppError>>

    init(api: APIClient, analytics: AnalyticsService) {
        enum Change { case add(Product), remove(Int) }
        lines = Observable.merge(add.map(Change.add), remove.map(Change.remove))
            .scan(into: [CartLine]()) { lines, change in
                switch change {
                case .add(let product):
                    if let index = lines.firstIndex(where: { $0.product.id == product.id }) { lines[index].quantity += 1 }
                    else { lines.append(CartLine(product: product, quantity: 1)) }
                case .remove(let id):
                    lines.removeAll { $0.product.id == id }
                }
            }
            .startWith([])
            .share(replay: 1, scope: .forever)
        total = Observable.combineLatest(lines, api.prices().startWith([:])) { lines, prices in
            lines.reduce(0.0) { sum, line in sum + (prices[line.product.id] ?? line.product.price) * Double(line.quantity) }
        }
        .map { String(format: "%.2f", $0) }
        .distinctUntilChanged()
        badge = lines.map { $0.reduce(0) { $0 + $1.quantity } }
            .map { $0 == 0 ? "" : "\($0)" }
        checkoutResult = checkout
            .withLatestFrom(lines)
            .do(onNext: { analytics.track(.action("checkout", $0.count)) })
            .flatMapFirst { lines -> Observable<Result<Int, AppError>> in
                api.upload(lines)
                    .andThen(Observable.just(Result<Int, AppError>.success(lines.count)))
                    .catch { .just(.failure($0 as? AppError ?? .server(code: 500))) }
            }
    }
}

final class LoginViewModel {
    let name = BehaviorRelay<String>(value: "")
    let password = BehaviorRelay<String>(value: "")
    let loginTaps = PublishRelay<Void>()
    let isValid: Observable<Bool>
    let user: Observable<User>
    let status: Observable<String>

    init(api: APIClient, scheduler: SchedulerType) {
        isValid = Observable.combineLatest(name, password) { name, password in
            !name.isEmpty && password.count >= 4
        }
        .distinctUntilChanged()
        let credentials = Observable.combineLatest(name, password)
        let attempts = loginTaps
            .withLatestFrom(credentials)
            .flatMapLatest { name, password in
                api.login(name: name, password: password)
                    .map { Result<User, Error>.success($0) }
                    .catch { .just(.failure($0)) }
                    .asObservable()
            }
            .share()
        user = attempts.compactMap { try? $0.get() }
        status = Observable.merge(
            loginTaps.map { "Signing in…" },
            attempts.map { result in
                switch result {
                case .success(let user): return "Welcome, \(user.name)"
                case .failure(let error): return "Failed: \(error)"
                }
            }
        )
        .startWith("")
        .subscribe(on: scheduler)
        .observe(on: MainScheduler.instance)
    }
}

final class FeedViewModel {
    struct Section: Equatable {
        let title: String
        let items: [String]
    }

    let refresh = PublishSubject<Void>()
    let reachedBottom = PublishSubject<Void>()
    let sections: Observable<[Section]>
    let unread = ReplaySubject<Int>.create(bufferSize: 3)
    private let disposeBag = DisposeBag()

    init(api: APIClient, scheduler: SchedulerType) {
        let pages = reachedBottom
            .throttle(.milliseconds(500), scheduler: scheduler)
            .scan(1) { page, _ in page + 1 }
            .startWith(1)
        let products = Observable.merge(refresh.map { 1 }, pages)
            .concatMap { page in api.search("item").asObservable().map { Array($0.prefix(page * 5)) } }
            .share(replay: 1)
        sections = products
            .flatMap { products -> Observable<[Section]> in
                Observable.from(products)
                    .groupBy { $0.category }
                    .flatMap { group in
                        group.map(\.name).toArray().asObservable().map { Section(title: group.key, items: $0) }
                    }
                    .toArray()
                    .map { $0.sorted { $0.title < $1.title } }
                    .asObservable()
            }
            .distinctUntilChanged()
        products
            .map { $0.count }
            .pairwise()
            .map { previous, current in max(0, current - previous) }
            .take(until: refresh)
            .subscribe(unread)
            .disposed(by: disposeBag)
    }
}

extension ObservableType {
    /// Pairs each element with the one before it.
    func pairwise() -> Observable<(Element, Element)> {
        scan((Element?, Element?)(nil, nil)) { pair, element in (pair.1, element) }
            .compactMap { pair in
                guard let first = pair.0, let second = pair.1 else { return nil }
                return (first, second)
            }
    }
}

final class SettingsViewModel {
    let notificationsEnabled = BehaviorRelay<Bool>(value: true)
    let volume = BehaviorRelay<Double>(value: 0.5)
    let resetTaps = PublishRelay<Void>()
    let summary: Observable<String>
    let saves: Observable<Int>
    let sessionTimer: Observable<Int>
    private let disposeBag = DisposeBag()

    init(scheduler: SchedulerType) {
        summary = Observable.zip(
            notificationsEnabled.map { $0 ? "on" : "off" },
            volume.map { Int($0 * 100) }
        )
        .map { "Notifications \($0.0), volume \($0.1) %" }
        saves = Observable.merge(notificationsEnabled.skip(1).map { _ in 1 }, volume.skip(1).map { _ in 1 })
            .debounce(.seconds(1), scheduler: scheduler)
            .scan(0, accumulator: +)
            .take(10)
        sessionTimer = Observable<Int>.timer(.seconds(0), period: .seconds(60), scheduler: scheduler)
            .map { $0 + 1 }
            .take(while: { $0 < 120 })
            .materialize()
            .compactMap { $0.element }
        resetTaps
            .flatMap { _ in Observable.concat(Observable.just(true), Observable.just(false).delay(.milliseconds(50), scheduler: scheduler)) }
            .bind(to: notificationsEnabled)
            .disposed(by: disposeBag)
        resetTaps.map { 0.5 }
            .bind(to: volume)
            .disposed(by: disposeBag)
    }
}

// MARK: - The screens, wired

/// The app's root, public so that the executable (and whole-module optimisation) keeps everything it reaches.
public final class AppCoordinator {
    let api: APIClient
    let analytics: AnalyticsService
    let search: SearchViewModel
    let cart: CartViewModel
    let login: LoginViewModel
    let feed: FeedViewModel
    let settings: SettingsViewModel
    public private(set) var log: [String] = []
    private let disposeBag = DisposeBag()

    public init(scheduler: SchedulerType) {
        api = APIClient(scheduler: scheduler)
        analytics = AnalyticsService(scheduler: scheduler)
        search = SearchViewModel(api: api, analytics: analytics, scheduler: scheduler)
        cart = CartViewModel(api: api, analytics: analytics)
        login = LoginViewModel(api: api, scheduler: scheduler)
        feed = FeedViewModel(api: api, scheduler: scheduler)
        settings = SettingsViewModel(scheduler: scheduler)

        search.results.subscribe(onNext: { [weak self] in self?.log.append("results: \($0.count)") }).disposed(by: disposeBag)
        search.isLoading.skip(1).subscribe(onNext: { [weak self] in self?.log.append("loading: \($0)") }).disposed(by: disposeBag)
        search.errorMessage.subscribe(onNext: { [weak self] in self?.log.append($0) }).disposed(by: disposeBag)
        cart.total.subscribe(onNext: { [weak self] in self?.log.append("total: \($0)") }).disposed(by: disposeBag)
        cart.badge.distinctUntilChanged().subscribe(onNext: { [weak self] in self?.log.append("badge: \($0)") }).disposed(by: disposeBag)
        cart.checkoutResult.subscribe(onNext: { [weak self] in self?.log.append("checkout: \($0)") }).disposed(by: disposeBag)
        login.status.subscribe(onNext: { [weak self] in self?.log.append($0) }).disposed(by: disposeBag)
        login.user.map(\.isPremium).subscribe(onNext: { [weak self] in self?.log.append("premium: \($0)") }).disposed(by: disposeBag)
        feed.sections.map { $0.map(\.title).joined(separator: ",") }
            .subscribe(onNext: { [weak self] in self?.log.append("sections: \($0)") })
            .disposed(by: disposeBag)
        feed.unread.subscribe(onNext: { [weak self] in self?.log.append("unread: \($0)") }).disposed(by: disposeBag)
        settings.summary.subscribe(onNext: { [weak self] in self?.log.append($0) }).disposed(by: disposeBag)
        settings.saves.subscribe(onNext: { [weak self] in self?.log.append("saves: \($0)") }).disposed(by: disposeBag)
        settings.sessionTimer.take(1).subscribe(onNext: { [weak self] in self?.log.append("minute \($0)") }).disposed(by: disposeBag)

        api.product(id: 3)
            .subscribe(onSuccess: { [weak self] in self?.cart.add.accept($0) }, onCompleted: { [weak self] in self?.log.append("no product") })
            .disposed(by: disposeBag)
        Observable.from([1, 2, 2, 5])
            .compactMap { [api] in api.catalogue(containing: $0) }
            .subscribe(onNext: { [weak self] in self?.cart.add.accept($0) }, onCompleted: { [weak self] in self?.log.append("seeded") })
            .disposed(by: disposeBag)
        analytics.track(.screen("home"))
    }

    /// Runs the screens for a moment: typed queries, a cart, a login, a refresh, a reset.
    public func exercise() {
        search.query.accept("it")
        search.query.accept("item 1")
        cart.remove.accept(2)
        cart.checkout.onNext(())
        login.name.accept("vip-ann")
        login.password.accept("secret")
        login.loginTaps.accept(())
        feed.reachedBottom.onNext(())
        feed.refresh.onNext(())
        settings.volume.accept(0.8)
        settings.resetTaps.accept(())
    }
}

extension APIClient {
    func catalogue(containing id: Int) -> Product? {
        id <= 40 ? Product(id: id, name: "Item \(id)", price: Double(id) * 1.5, category: "tools") : nil
    }
}
