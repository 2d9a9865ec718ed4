// Ordinary screen code in RxCocoa's style: outputs as Drivers and Signals, taps as Signals,
// bindings with drive, emit and Binder. Written against RxSwift 6 and RxCocoa's API (on Apple
// platforms it compiles with `import RxSwift`, `import RxCocoa` and `import RxRelay`), so it
// measures what the library's `Driver` and `Signal` cost an app's build. RxCocoa does not build
// on Linux, so there is no RxSwift figure beside it; `measure --guard` keeps its text in a budget.
import Foundation
import Reactive

public struct Profile: Equatable, Sendable {
    public var name: String
    public var age: Int
}

public final class ProfileService {
    public init() {}

    func load() -> Single<Profile> { .just(Profile(name: "Ann", age: 34)) }
    func save(_ profile: Profile) -> Single<Bool> { .just(!profile.name.isEmpty) }
    func suggestions(for prefix: String) -> Observable<[String]> {
        .just(["Ann", "Anna", "Annie"].filter { $0.hasPrefix(prefix) })
    }
}

/// A profile form: two fields, a save button, a list of suggestions and a status line.
public final class ProfileFormViewModel {
    public let name = BehaviorRelay<String>(value: "")
    public let age = BehaviorRelay<Int>(value: 0)
    public let saveTaps = PublishRelay<Void>()

    public let title: Driver<String>
    public let canSave: Driver<Bool>
    public let suggestions: Driver<[String]>
    public let saved: Signal<Bool>
    public let status: Driver<String>
    public let isBusy: Driver<Bool>

    public init(service: ProfileService) {
        let busy = BehaviorRelay<Bool>(value: false)
        isBusy = busy.asDriver()
        title = name.asDriver()
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .distinctUntilChanged()
            .map { $0.isEmpty ? "New profile" : $0 }
        canSave = Driver.combineLatest(name.asDriver(), age.asDriver(), isBusy) { name, age, busy in
            !name.isEmpty && age > 0 && !busy
        }
        .distinctUntilChanged()
        suggestions = name.asDriver()
            .filter { $0.count >= 2 }
            .flatMapLatest { service.suggestions(for: $0).asDriver(onErrorJustReturn: []) }
            .startWith([])
        let profile = Driver.combineLatest(name.asDriver(), age.asDriver()) { Profile(name: $0, age: $1) }
        saved = saveTaps.asSignal()
            .withLatestFrom(profile)
            .flatMapFirst { profile in
                service.save(profile).asObservable()
                    .do(onSubscribe: { busy.accept(true) }, onDispose: { busy.accept(false) })
                    .asSignal(onErrorJustReturn: false)
            }
        status = Driver.merge(
            saved.map { $0 ? "Saved" : "Could not save" }.asDriver(onErrorJustReturn: ""),
            canSave.filter { !$0 }.map { _ in "Fill in every field" }
        )
        .scan("") { _, line in line }
        .distinctUntilChanged()
    }
}

/// A screen that binds the form's outputs to its views (here, plain stand-ins for them).
public final class ProfileScreen {
    public var titleText = ""
    public var saveEnabled = false
    public var rows: [String] = []
    public var statusText = ""
    public var savedCount = 0
    let viewModel: ProfileFormViewModel
    let disposeBag = DisposeBag()

    public init(viewModel: ProfileFormViewModel) {
        self.viewModel = viewModel
        viewModel.title.drive(onNext: { [weak self] in self?.titleText = $0 }).disposed(by: disposeBag)
        viewModel.canSave.drive(Binder(self) { screen, enabled in screen.saveEnabled = enabled }).disposed(by: disposeBag)
        viewModel.suggestions.drive(onNext: { [weak self] in self?.rows = $0 }).disposed(by: disposeBag)
        viewModel.status.drive(onNext: { [weak self] in self?.statusText = $0 }).disposed(by: disposeBag)
        viewModel.saved.filter { $0 }.emit(onNext: { [weak self] _ in self?.savedCount += 1 }).disposed(by: disposeBag)
        viewModel.isBusy.map { !$0 }.drive(onNext: { [weak self] idle in if !idle { self?.statusText = "Saving…" } }).disposed(by: disposeBag)
    }
}
