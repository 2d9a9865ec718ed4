// RxCocoa's platform-independent layer (`Driver`, `bind(onNext:)`): not RxSwift-compatible API as
// far as RxSwift builds on Linux (its RxCocoa does not), so `driverCompositionPumping`
// (TraitWorkloads.swift) stands for the `Driver` in the side-by-side run, and `subscribe(onNext:)`
// (`publishSubjectPumping`) for `bind(onNext:)`, which RxCocoa builds on it. Each returns a
// checksum.
import Reactive

/// An element through `asDriver(onErrorJustReturn:)` and six `Driver` `map`s, to `drive(onNext:)`,
/// on the main thread (where `MainScheduler` delivers at once).
@inline(never) func driverMapPumping(_ n: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscription = subject.asDriver(onErrorJustReturn: 0)
        .map { $0 }.map { $0 }.map { $0 }.map { $0 }.map { $0 }.map { $0 }
        .drive(onNext: { sum += $0 })
    for _ in 0..<n { subject.onNext(1) }
    subscription.dispose()
    return sum
}

/// An element from a subject to `bind(onNext:)`.
@inline(never) func bindOnNextPumping(_ n: Int) -> Int {
    let subject = PublishSubject<Int>()
    var sum = 0
    let binding = subject.bind(onNext: { sum += $0 })
    for _ in 0..<n { subject.onNext(1) }
    binding.dispose()
    return sum
}
