// Key-value observing of a model object from `@MainActor` code.
import Reactive
import ReactiveKVO

final class Player: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var name = "ann"
    @Observed var score = 0
}

@MainActor
final class ScoreBoard {
    private(set) var scores: [Int] = []
    private(set) var names: [String?] = []
    private let bag = DisposeBag()

    func show(_ player: Player) {
        player.rx.observe(\.score)
            .subscribe(onNext: { [weak self] score in self?.scores.append(score) })
            .disposed(by: bag)
        player.rx.observe(String.self, "name")
            .subscribe(onNext: { [weak self] name in self?.names.append(name) })
            .disposed(by: bag)
    }
}
