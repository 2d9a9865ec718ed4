// A closure written in nonisolated code runs on the sending thread: it cannot touch main-actor
// state, even given to `drive`. Make the class `@MainActor` (then the closure is main-actor
// isolated, and runs on the main actor).
// expected-error: main actor-isolated property 'title' can not be mutated from a nonisolated context
import Reactive

final class Screen {
    @MainActor var title = ""
    let bag = DisposeBag()

    func bind(_ titles: Driver<String>) {
        titles.drive(onNext: { self.title = $0 }).disposed(by: bag)
    }
}
